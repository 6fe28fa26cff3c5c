"""The pairing app's services: every write that pairs, re-pairs, edits or draws up rounds.

* :mod:`pairing.services.swiss`: a Swiss round's life (claim and enqueue, publish, delete, pair
  again).
* :mod:`pairing.services.execute`: what the pairing tasks run (pair a claimed round: build the
  request, pair, check, save) and the stale-claim rule.
* :mod:`pairing.services.drafts`: changing a draft by hand (swap colours, exchange opponents),
  re-checked against the rules.
* :mod:`pairing.services.round_robin`: drawing up a round robin from the engine's Berger tables.

Reads of the database in the engine's terms live in :mod:`pairing.adapters`; the Celery task in
:mod:`pairing.tasks`.
"""
