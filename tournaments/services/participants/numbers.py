"""Pairing numbers: the initial order (GHR C.04.2 Art. 2) and when the numbers freeze.

Numbers follow rating descending, then title GM, IM, WGM, FM, WIM, CM, WFM, WCM, none, then name,
and are reassigned on every registration until round 4 is paired; after that they are frozen and
a late entrant gets the next free number. A newcomer is slotted in (:func:`pairing_number_insert`):
only the participants after them move down one, in two UPDATE statements, so registering under
the tournament lock does not rewrite the whole field.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from django.db.models import F, Max
from django.utils.translation import ngettext

from tournaments.models import Participant, Round, Tournament

TITLE_ORDER = {"GM": 0, "IM": 1, "WGM": 2, "FM": 3, "WIM": 4, "CM": 5, "WFM": 6, "WCM": 7, "": 8}
TPN_FREEZE_ROUND = 4
"""Pairing numbers may not change once this round has been paired (GHR C.04.2 Art. 2.3)."""


def initial_order_key(participant: Participant) -> tuple[Any, ...]:
    return (
        -participant.rating,
        TITLE_ORDER.get(participant.title, 8),
        participant.name.casefold(),
        participant.pk,
    )


def pairing_numbers_frozen(tournament: Tournament) -> bool:
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        return Round.objects.filter(tournament=tournament).exists()
    return Round.objects.filter(tournament=tournament, number__gte=TPN_FREEZE_ROUND).exists()


Moves = dict[int, tuple[int, int]]
"""Participant id -> (old pairing number, new one), for everyone whose number changed."""


def pairing_numbers_assign(tournament: Tournament, *, order: list[Participant] | None = None) -> Moves:
    """Number everyone 1..n by the initial order (or ``order``), unless the numbers are frozen, in
    which case only participants without a number get the next free ones. Call inside a transaction.

    Returns the numbers that moved (participants who had a number and now have another)."""
    participants = list(Participant.objects.filter(tournament=tournament))
    if pairing_numbers_frozen(tournament):
        next_number = max((p.pairing_number or 0 for p in participants), default=0) + 1
        for p in sorted((p for p in participants if p.pairing_number is None), key=initial_order_key):
            p.pairing_number = next_number
            next_number += 1
            p.save(update_fields=["pairing_number"])
        return {}
    ordered = order if order is not None else sorted(participants, key=initial_order_key)
    if [p.pairing_number for p in ordered] == list(range(1, len(ordered) + 1)):
        return {}
    old = {p.pk: p.pairing_number for p in ordered}
    # Clear first: the numbers are unique per tournament and a permutation would collide midway.
    Participant.objects.filter(tournament=tournament).update(pairing_number=None)
    for number, p in enumerate(ordered, start=1):
        p.pairing_number = number
    Participant.objects.bulk_update(ordered, ["pairing_number"])
    return {
        p.pk: (before, p.pairing_number)
        for p in ordered
        if (before := old[p.pk]) is not None and before != p.pairing_number
    }


def moves_described(moves: Moves) -> str:
    """The moves in words for the arbiter: "pairing numbers 7-23 moved down by one"."""
    runs: list[tuple[int, int, int]] = []  # (first old number, last old number, shift)
    for before, after in sorted(moves.values()):
        shift = after - before
        if runs and runs[-1][2] == shift and runs[-1][1] == before - 1:
            runs[-1] = (runs[-1][0], before, shift)
        else:
            runs.append((before, before, shift))
    parts = []
    for first, last, shift in runs:
        steps = abs(shift)
        values = {"first": first, "last": last, "steps": steps}
        if first == last and shift > 0:
            text = ngettext(
                "pairing number %(first)s moved down by one",
                "pairing number %(first)s moved down by %(steps)s",
                steps,
            )
        elif first == last:
            text = ngettext(
                "pairing number %(first)s moved up by one",
                "pairing number %(first)s moved up by %(steps)s",
                steps,
            )
        elif shift > 0:
            text = ngettext(
                "pairing numbers %(first)s-%(last)s moved down by one",
                "pairing numbers %(first)s-%(last)s moved down by %(steps)s",
                steps,
            )
        else:
            text = ngettext(
                "pairing numbers %(first)s-%(last)s moved up by one",
                "pairing numbers %(first)s-%(last)s moved up by %(steps)s",
                steps,
            )
        parts.append(text % values)
    return "; ".join(parts)


SHIFT = 1_000_000
"""Numbers are moved out of the way by this much first: the unique (tournament, number) check
runs row by row, so shifting a block down by one in place would collide midway."""


def pairing_number_insert(tournament: Tournament, participant: Participant) -> Moves:
    """Number ``participant`` (just created, without a number) as :func:`pairing_numbers_assign`
    would, rewriting only the rows whose number changes; returns the others' moves (as
    :func:`pairing_numbers_assign` does). Call inside a transaction, under the tournament's lock."""
    people = Participant.objects.filter(tournament=tournament)
    if pairing_numbers_frozen(tournament):
        highest = people.exclude(pk=participant.pk).aggregate(top=Max("pairing_number"))["top"] or 0
        _number(participant, highest + 1)
        return {}
    others = sorted(
        people.exclude(pk=participant.pk).only("pk", "rating", "title", "name", "pairing_number"),
        key=initial_order_key,
    )
    if [p.pairing_number for p in others] != list(range(1, len(others) + 1)):
        moves = pairing_numbers_assign(tournament)  # not in the initial order (yet): number everyone once
        participant.refresh_from_db(fields=["pairing_number"])
        return moves
    position = bisect_left([initial_order_key(p) for p in others], initial_order_key(participant)) + 1
    moved = {p.pk: (p.pairing_number, p.pairing_number + 1) for p in others[position - 1 :]}
    people.filter(pairing_number__gte=position).update(pairing_number=F("pairing_number") + SHIFT)
    people.filter(pairing_number__gte=SHIFT).update(pairing_number=F("pairing_number") - SHIFT + 1)
    _number(participant, position)
    return moved


def _number(participant: Participant, number: int) -> None:
    Participant.objects.filter(pk=participant.pk).update(pairing_number=number)
    participant.pairing_number = number
