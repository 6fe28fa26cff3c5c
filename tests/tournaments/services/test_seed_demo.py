"""`manage.py seed_demo` (run by `make run`): demo data made through the services, safe to repeat."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs.models import Club, Membership, RosterPlayer
from entries.models import Entry
from pairing.standings import standings_for_tournament
from tournaments.models import Board, Event, Round, Tournament
from tournaments.permissions import can_arbitrate, can_organise


def test_seed_demo_builds_the_three_tournaments_once(db, settings):
    settings.DEBUG = True
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    call_command("seed_demo", stdout=out)
    assert "arbiter / demo-arbiter-2026" in out.getvalue() and "FOR THE DEMO ONLY" in out.getvalue()
    assert Tournament.objects.count() == 6  # three club tournaments, three sections of the weekend open
    user = get_user_model().objects.get(username="arbiter")
    assert user.check_password("demo-arbiter-2026")

    finished = Tournament.objects.get(name__startswith="Riverside Autumn Swiss")
    assert finished.status == "finished" and finished.participants.count() == 20
    assert Round.objects.filter(tournament=finished, status="finished").count() == 5
    assert not Board.objects.filter(round__tournament=finished, result="").exists()
    assert standings_for_tournament(finished).rounds == 5

    rr = Tournament.objects.get(format="round_robin")
    assert Round.objects.filter(tournament=rr).count() == 5
    assert Round.objects.filter(tournament=rr, status="finished").count() == 3

    running = Tournament.objects.get(name__startswith="Thursday Rapid")
    current = Round.objects.get(tournament=running, number=2)
    assert current.status == "published"
    assert Board.objects.filter(round=current).exclude(result="").count() == 4

    weekend = Event.objects.get(name__startswith="Riverside Weekend Open")
    bands = {s.name: (s.band_min_rating, s.band_max_rating, s.max_age) for s in weekend.sections.all()}
    assert bands == {"Open A": (1800, None, None), "Open B": (None, 1800, None), "Juniors": (None, None, 14)}
    assert weekend.sections.get(name="Juniors").participants.count() == 6
    assert all(p.rating >= 1800 for p in weekend.sections.get(name="Open A").participants.all())
    assert Round.objects.filter(tournament__event=weekend, number=1).count() == 3
    # Its online entries are open, with a fee per section and two entries waiting for an answer
    # (made once: the second seed_demo above added nothing).
    waiting = Entry.objects.filter(event=weekend).order_by("name")
    assert [(e.name, e.section.name, e.status, e.fee_cents) for e in waiting] == [
        ("Ito, Ren", "Juniors", "pending", 500),
        ("Moreau, Camille", "Open B", "pending", 2500),
    ]


def test_seed_demo_has_a_club_with_roster_staff_and_its_tournaments(db, settings):
    settings.DEBUG = True
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    call_command("seed_demo", stdout=out)
    club = Club.objects.get()
    assert RosterPlayer.objects.filter(club=club).count() == 30
    assert RosterPlayer.objects.filter(club=club, name="Zoë Ólafsdóttir").exists()
    staff = dict(Membership.objects.filter(club=club).values_list("user__username", "role"))
    assert staff == {"arbiter": "owner", "club-organiser": "organiser", "club-arbiter": "arbiter"}
    for username in staff:
        assert f"{username} / demo-arbiter-2026" in out.getvalue()
        assert get_user_model().objects.get(username=username).check_password("demo-arbiter-2026")
    assert set(Tournament.objects.values_list("club", flat=True)) == {club.pk}
    club_arbiter = get_user_model().objects.get(username="club-arbiter")
    running = Tournament.objects.get(name__startswith="Thursday Rapid")
    assert can_arbitrate(club_arbiter, running) and not can_organise(club_arbiter, running)


def test_seed_demo_refuses_to_publish_a_password_when_debug_is_off(db, settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG is off"):
        call_command("seed_demo", stdout=io.StringIO())
    assert not get_user_model().objects.filter(username="arbiter").exists()
