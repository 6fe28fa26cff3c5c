"""A published round of eight players (boards 1-5, 6-2, 3-7, 8-4 by pairing number), each player
holding a reporting link issued by the organiser. The cast comes from tests/conftest.py."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from reports.models import ReportingLink
from reports.services.links import reporting_link_issue
from tests.security import world as w
from tests.security.conftest import _clean_cache, _postgres_only  # noqa: F401 (autouse: a clean cache, PostgreSQL-only tests)
from tournaments.models import Board, Participant


@dataclass
class Night:
    world: w.World
    tokens: dict[int, str]
    """Participant pk -> the token of their reporting link."""

    @property
    def tournament(self):
        return self.world.tournament

    def board(self, number: int) -> Board:
        return Board.objects.select_related("white", "black", "round").get(
            round=self.world.round, number=number
        )

    def white(self, number: int) -> Participant:
        return self.board(number).white

    def black(self, number: int) -> Participant:
        return self.board(number).black

    def link(self, participant: Participant) -> ReportingLink:
        return ReportingLink.objects.get(participant=participant, revoked_at__isnull=True)

    def url(self, participant: Participant, action: str = "") -> str:
        return f"/r/{self.tokens[participant.pk]}/" + (f"{action}/" if action else "")


@pytest.fixture
def night(tournament, organiser) -> Night:
    world = w.build(tournament, w.PUBLISHED)
    tokens = {p.pk: reporting_link_issue(participant=p, user=organiser).token for p in world.people}
    return Night(world, tokens)
