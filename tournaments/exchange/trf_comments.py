"""The ``###`` lines for what TRF-2026 has no record for: a participant barred from half-point byes
(FIDE's endorsement checklist, Q171-176) and, in a tournament lasting more than 30 days, the
ratings valid from a later round and the rating the tie-breaks count (Q210-216).

TRF-2026 gives a player one rating (``001``, columns 49-52); a long tournament is reported to FIDE
one rating period at a time, each file with that period's ratings. So the export writes them as
comments, which other programs skip, and the import reads back the lines this program wrote:

    ### Barred from half-point byes: 7 Smith, Ann
    ### Long tournament (over 30 days): rating tie-breaks count the rating valid in each round
    ### Rating from round 4: 7 1850 Smith, Ann

The number after the colon is the player's ``001`` starting rank.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tournaments.models import Participant, ParticipantRating, Tournament

_BASIS_WORDS = {
    Tournament.RatingBasis.FIRST: "the first rating",
    Tournament.RatingBasis.ROUND: "the rating valid in each round",
    Tournament.RatingBasis.CHOSEN: "the rating valid from round {round}",
}

_BARRED = re.compile(r"^\s*Barred from half-point byes: (\d{1,5})\b")
_LONG = re.compile(
    r"^\s*Long tournament \(over 30 days\): rating tie-breaks count "
    r"(the first rating|the rating valid in each round|the rating valid from round (\d{1,2}))\s*$"
)
_RATING = re.compile(r"^\s*Rating from round (\d{1,2}): (\d{1,5}) (\d{1,4})\b")


def participant_comments(
    tournament: Tournament, participants: list[Participant], ids: dict[int, int]
) -> tuple[str, ...]:
    """The lines for ``tournament``, its ``participants`` (already read) named by ``ids`` (pk ->
    ``001`` rank)."""
    lines: list[str] = []
    names = {p.pk: p.name for p in participants}
    for p in sorted(participants, key=lambda p: ids.get(p.pk, 0)):
        if p.half_byes_barred and p.pk in ids:
            lines.append(f"Barred from half-point byes: {ids[p.pk]} {p.name}")
    if tournament.long_tournament:
        words = _BASIS_WORDS[tournament.rating_basis].format(round=tournament.rating_basis_round)
        lines.append(f"Long tournament (over 30 days): rating tie-breaks count {words}")
        later = ParticipantRating.objects.filter(participant_id__in=list(names)).values_list(
            "participant_id", "from_round", "rating"
        )
        for pk, from_round, rating in sorted(later, key=lambda row: (row[1], ids.get(row[0], 0))):
            if pk in ids and pk in names:
                lines.append(f"Rating from round {from_round}: {ids[pk]} {rating} {names[pk]}")
    return tuple(" " + line.replace("\r", " ").replace("\n", " ") for line in lines)


@dataclass
class ParticipantNotes:
    """What :func:`read_comments` found, by ``001`` starting rank."""

    barred: set[int] = field(default_factory=set)
    long_tournament: bool = False
    rating_basis: str = Tournament.RatingBasis.FIRST
    rating_basis_round: int | None = None
    ratings: list[tuple[int, int, int]] = field(default_factory=list)
    """(starting rank, from round, rating)."""


def read_comments(comments: tuple[str, ...]) -> ParticipantNotes:
    """This program's own lines among a file's ``###`` comments; others change nothing."""
    notes = ParticipantNotes()
    for comment in comments:
        if barred := _BARRED.match(comment):
            notes.barred.add(int(barred.group(1)))
        elif long := _LONG.match(comment):
            notes.long_tournament = True
            if long.group(2):
                notes.rating_basis = Tournament.RatingBasis.CHOSEN
                notes.rating_basis_round = int(long.group(2))
            elif "each round" in long.group(1):
                notes.rating_basis = Tournament.RatingBasis.ROUND
        elif rating := _RATING.match(comment):
            from_round = int(rating.group(1))
            if from_round >= 2:
                notes.ratings.append((int(rating.group(2)), from_round, int(rating.group(3))))
    return notes
