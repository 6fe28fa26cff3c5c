"""The club cast: a club with an owner, an organiser and an arbiter; another club with its owner;
a logged-in user with no club."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from clubs.models import Club, Membership
from clubs.services.clubs import club_create


@dataclass
class Cast:
    club: Club
    other_club: Club
    owner: Any
    organiser: Any
    arbiter: Any
    other_member: Any
    nobody: Any

    def user(self, role: str) -> Any:
        return {
            "owner": self.owner,
            "organiser": self.organiser,
            "arbiter": self.arbiter,
            "other_member": self.other_member,
            "nobody": self.nobody,
            "anonymous": None,
        }[role]


@pytest.fixture
def cast(django_user_model) -> Cast:
    def user(name: str) -> Any:
        return django_user_model.objects.create_user(
            name, email=f"{name}@example.org", password=f"{name}-pass-1"
        )

    owner, organiser, arbiter, other, nobody = (user(n) for n in ("oona", "orla", "arno", "otto", "nina"))
    club = club_create(user=owner, name="Caïssa Rooks")
    Membership.objects.create(club=club, user=organiser, role=Membership.Role.ORGANISER)
    Membership.objects.create(club=club, user=arbiter, role=Membership.Role.ARBITER)
    other_club = club_create(user=other, name="Knights Elsewhere")
    return Cast(club, other_club, owner, organiser, arbiter, other, nobody)
