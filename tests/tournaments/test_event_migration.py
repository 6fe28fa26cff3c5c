"""Issue 30: every tournament made before events existed becomes an event of one section, with
its organisers as the event's organisers and every shared link still working. Runs on SQLite and
on PostgreSQL (the CI's second pass)."""

from __future__ import annotations

import pytest

from tests.migrations import migrate_to, migrate_to_latest

BEFORE = [("tournaments", "0008_tournament_language")]
AFTER = [("tournaments", "0011_section_has_an_event")]


@pytest.fixture
def old_world():
    apps = migrate_to(BEFORE)
    yield apps
    migrate_to_latest()


@pytest.mark.django_db(transaction=True)
def test_old_tournaments_become_events_of_one_section(old_world):
    User = old_world.get_model("auth", "User")
    Club = old_world.get_model("clubs", "Club")
    Tournament = old_world.get_model("tournaments", "Tournament")
    Role = old_world.get_model("tournaments", "TournamentRole")
    Participant = old_world.get_model("tournaments", "Participant")
    ann, ben = User.objects.create(username="ann"), User.objects.create(username="ben")
    club = Club.objects.create(name="Riverside", slug="riverside")
    spring = Tournament.objects.create(
        name="Spring", place="Library", club=club, created_by=ann, lots_seed=1, public_token="spring-token"
    )
    lone = Tournament.objects.create(name="Lone", created_by=None, lots_seed=2, public_token="lone-token")
    Role.objects.create(tournament=spring, user=ann, role="organiser")
    Role.objects.create(tournament=spring, user=ben, role="arbiter")
    Participant.objects.create(tournament=spring, name="Player One", rating=1500)

    apps = migrate_to(AFTER)

    Tournament = apps.get_model("tournaments", "Tournament")
    EventRole = apps.get_model("tournaments", "EventRole")
    spring, lone = Tournament.objects.get(name="Spring"), Tournament.objects.get(name="Lone")
    assert spring.event_id != lone.event_id
    assert (spring.event.name, spring.event.place, spring.event.club_id) == ("Spring", "Library", club.pk)
    assert spring.public_token == "spring-token" and spring.event.public_token not in (
        "spring-token",
        "lone-token",
    )
    assert list(EventRole.objects.filter(event=spring.event).values_list("user__username", "role")) == [
        ("ann", "organiser")
    ]
    assert not EventRole.objects.filter(event=lone.event).exists()
    assert spring.participants.count() == 1
