"""Pairing numbers: the initial order (GHR C.04.2 Art. 2) and when the numbers freeze.

Numbers follow rating descending, then title GM, IM, WGM, FM, WIM, CM, WFM, WCM, none, then name,
and are reassigned on every registration until round 4 is paired; after that they are frozen and
a late entrant gets the next free number.
"""

from __future__ import annotations

from typing import Any

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


def pairing_numbers_assign(tournament: Tournament, *, order: list[Participant] | None = None) -> None:
    """Number everyone 1..n by the initial order (or ``order``), unless the numbers are frozen, in
    which case only participants without a number get the next free ones. Call inside a transaction."""
    participants = list(Participant.objects.filter(tournament=tournament))
    if pairing_numbers_frozen(tournament):
        next_number = max((p.pairing_number or 0 for p in participants), default=0) + 1
        for p in sorted((p for p in participants if p.pairing_number is None), key=initial_order_key):
            p.pairing_number = next_number
            next_number += 1
            p.save(update_fields=["pairing_number"])
        return
    ordered = order if order is not None else sorted(participants, key=initial_order_key)
    if [p.pairing_number for p in ordered] == list(range(1, len(ordered) + 1)):
        return
    # Clear first: the numbers are unique per tournament and a permutation would collide midway.
    Participant.objects.filter(tournament=tournament).update(pairing_number=None)
    for number, p in enumerate(ordered, start=1):
        p.pairing_number = number
    Participant.objects.bulk_update(ordered, ["pairing_number"])
