"""The demo's prize list: the finished "Riverside Autumn Swiss (demo)" gets an overall group, a
rating band, a women's group (the demo's women flagged by first name) and a best-club prize,
shared by the Hort system in whole euros, so ``make run`` shows prize winners with the arithmetic."""

from __future__ import annotations

from typing import Any

from prizes.models import PrizeList
from prizes.services.lists import PrizeRow, prize_group_save, prize_list_update, women_eligibility_set
from tournaments.models import Tournament

DEMO_TOURNAMENT = "Riverside Autumn Swiss (demo)"
WOMEN = {"Alice", "Dana", "Fatima", "Hana", "Julia", "Lena", "Nora", "Priya", "Rosa", "Tara", "Vera", "Xenia"}


def demo_prizes(tournament: Tournament, user: Any) -> bool:
    """Give the demo tournament its prize list; False when it already has one."""
    if PrizeList.objects.filter(tournament=tournament).exists():
        return False
    prize_list_update(
        tournament=tournament,
        user=user,
        sharing=PrizeList.Sharing.HORT,
        precedence=PrizeList.Precedence.VALUE,
        one_prize_per_player=True,
        unit_cents=100,
        notes="Prizes are paid in cash after the last round, at the arbiters' table.",
    )
    prize_group_save(
        tournament=tournament, user=user, name="Overall", kind="overall",
        prizes=[PrizeRow(15000, "Cup"), PrizeRow(10000), PrizeRow(5000)],
    )  # fmt: skip
    prize_group_save(
        tournament=tournament, user=user, name="Under 1800", kind="rating", rating_below=1800,
        prizes=[PrizeRow(4000), PrizeRow(2500), PrizeRow(1500)],
    )  # fmt: skip
    prize_group_save(
        tournament=tournament, user=user, name="Best woman", kind="women", prizes=[PrizeRow(3000, "Book")]
    )
    prize_group_save(
        tournament=tournament, user=user, name="Best club (3 players)", kind="best_club", club_count=3,
        prizes=[PrizeRow(0, "Club trophy")],
    )  # fmt: skip
    women = {p.pk for p in tournament.participants.all() if p.name.split(" ")[0] in WOMEN}
    women_eligibility_set(tournament=tournament, user=user, participant_ids=women)
    return True
