"""Issue 23: the old ``tournaments.Club`` is carried over to ``clubs.Club`` by a data migration."""

from __future__ import annotations

import pytest

from tests.migrations import migrate_to, migrate_to_latest

BEFORE = [("tournaments", "0003_forbidden_pairs"), ("clubs", "0001_clubs_roster_invitations")]
AFTER = [("tournaments", "0006_remove_old_club")]


@pytest.fixture
def old_world():
    apps = migrate_to(BEFORE)
    yield apps
    migrate_to_latest()


@pytest.mark.django_db(transaction=True)
def test_old_clubs_become_clubs_with_staff_and_keep_their_tournaments(old_world):
    User = old_world.get_model("auth", "User")
    OldClub = old_world.get_model("tournaments", "Club")
    Tournament = old_world.get_model("tournaments", "Tournament")
    NewClub = old_world.get_model("clubs", "Club")
    NewClub.objects.create(name="Taken", slug="riverside-chess-club")
    ann, ben, cleo, dan = (User.objects.create(username=n) for n in ("ann", "ben", "cleo", "dan"))
    riverside = OldClub.objects.create(name="Riverside Chess Club")
    riverside.members.add(ben)
    riverside.members.add(ann)
    hilltop = OldClub.objects.create(name="Hilltop")
    hilltop.members.add(cleo)
    hilltop.members.add(dan)
    OldClub.objects.create(name="Échecs & Mat")
    Tournament.objects.create(name="Spring", club=riverside, created_by=ann, lots_seed=1)
    Tournament.objects.create(name="Clubless", club=None, created_by=ann, lots_seed=1)

    apps = migrate_to(AFTER)

    Club = apps.get_model("clubs", "Club")
    Membership = apps.get_model("clubs", "Membership")
    Tournament = apps.get_model("tournaments", "Tournament")
    assert sorted(Club.objects.values_list("name", "slug")) == [
        ("Hilltop", "hilltop"),
        ("Riverside Chess Club", "riverside-chess-club-2"),
        ("Taken", "riverside-chess-club"),
        ("Échecs & Mat", "echecs-mat"),
    ]
    roles = sorted(Membership.objects.values_list("club__name", "user__username", "role"))
    assert roles == [
        ("Hilltop", "cleo", "owner"),  # no tournament creator: the first member added
        ("Hilltop", "dan", "organiser"),
        ("Riverside Chess Club", "ann", "owner"),  # created the club's tournament
        ("Riverside Chess Club", "ben", "organiser"),
    ]
    spring = Tournament.objects.get(name="Spring")
    assert spring.club.slug == "riverside-chess-club-2"
    assert Tournament.objects.get(name="Clubless").club is None
    assert "club" not in {m._meta.model_name for m in apps.get_app_config("tournaments").get_models()}
