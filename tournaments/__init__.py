"""The tournaments app: the club's tournaments, their participants, rounds and results, and the public site."""
