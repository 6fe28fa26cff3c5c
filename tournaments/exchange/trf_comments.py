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

from pairing.engine.trf import TrfTournament, long_tournament_comments
from tournaments.models import Participant, ParticipantRating, Tournament

_BARRED = re.compile(r"^\s*Barred from half-point byes: (\d{1,5})\b")


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
    prefixed = [" " + line.replace("\r", " ").replace("\n", " ") for line in lines]
    if tournament.long_tournament:
        later = ParticipantRating.objects.filter(participant_id__in=list(names)).values_list(
            "participant_id", "from_round", "rating"
        )
        prefixed += long_tournament_comments(
            tournament.rating_basis,
            tournament.rating_basis_round,
            [
                (ids[pk], from_round, rating, names[pk].replace("\r", " ").replace("\n", " "))
                for pk, from_round, rating in later
                if pk in ids
            ],
        )
    return tuple(prefixed)


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
    """This program's own lines among a file's ``###`` comments; others change nothing. The long
    tournament's lines are the engine's (its checker ranks a file with them too)."""
    notes = ParticipantNotes()
    for comment in comments:
        if barred := _BARRED.match(comment):
            notes.barred.add(int(barred.group(1)))
    trf = TrfTournament(comments=comments)
    basis = trf.rating_basis
    if basis is not None:
        notes.long_tournament = True
        notes.rating_basis, notes.rating_basis_round = basis
        notes.ratings = [(pid, r, rating) for pid, r, rating in trf.later_ratings if r >= 2]
    return notes
