from __future__ import annotations

import pytest

from clubs.models import Membership
from core.errors import NotAllowedError, ValidationFailed
from tests import factories
from tournaments.models import AuditLog, Tournament, TournamentRole
from tournaments.services.tournaments import (
    suggest_format,
    tiebreaks_change,
    tournament_create,
    tournament_update,
)

from .conftest import add_players, pair_and_publish


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (4, ("round_robin", 3)),
        (5, ("round_robin", 5)),
        (9, ("round_robin", 9)),
        (10, ("round_robin", 9)),
        (11, ("swiss", 6)),
        (16, ("swiss", 6)),
        (17, ("swiss", 7)),
        (32, ("swiss", 7)),
        (33, ("swiss", 8)),
        (64, ("swiss", 8)),
        (65, ("swiss", 9)),
        (128, ("swiss", 9)),
        (129, ("swiss", 10)),
        (256, ("swiss", 10)),
        (257, ("swiss", 11)),
    ],
)
def test_it_suggests_the_explainers_format_and_rounds(players, expected):
    assert suggest_format(players) == expected


def test_the_creator_becomes_organiser_and_the_creation_is_audited(organiser):
    t = tournament_create(user=organiser, name="Spring Open", rounds_planned=6)
    assert TournamentRole.objects.get(tournament=t, user=organiser).role == "organiser"
    entry = AuditLog.objects.get(tournament=t, action="tournament_create")
    assert entry.user == organiser and entry.after["rounds_planned"] == 6
    assert t.tiebreaks == "DE,BH-C1,BH,SB,WIN"


def test_the_initial_colour_is_drawn_from_the_seed_reproducibly_unless_given(organiser):
    colours = {
        seed: tournament_create(user=organiser, name=f"T{seed}", lots_seed=seed).initial_colour
        for seed in range(12)
    }
    again = {
        seed: tournament_create(user=organiser, name=f"U{seed}", lots_seed=seed).initial_colour
        for seed in range(12)
    }
    assert colours == again
    assert set(colours.values()) == {"w", "b"}
    given = tournament_create(user=organiser, name="Given", lots_seed=0, initial_colour="b")
    assert given.initial_colour == "b"


def test_a_club_tournament_needs_a_club_owner_or_organiser(organiser):
    club = factories.ClubFactory(name="Hilltop")
    with pytest.raises(NotAllowedError):
        tournament_create(user=organiser, club=club, name="Hilltop Open")
    membership = Membership.objects.create(club=club, user=organiser, role="arbiter")
    with pytest.raises(NotAllowedError, match="owners and organisers of Hilltop"):
        tournament_create(user=organiser, club=club, name="Hilltop Open")
    membership.role = "organiser"
    membership.save()
    organiser.__dict__.pop("_club_roles", None)
    assert tournament_create(user=organiser, club=club, name="Hilltop Open").club == club


def test_baku_is_refused_with_three_one_zero_scoring(organiser):
    with pytest.raises(ValidationFailed) as exc:
        tournament_create(
            user=organiser,
            name="3-1-0",
            win_points=6,
            draw_points=2,
            loss_points=0,
            bye_points=6,
            acceleration="baku",
        )
    assert "Baku" in exc.value.message and "two draws" in exc.value.message
    assert "acceleration" in exc.value.errors
    assert not Tournament.objects.filter(name="3-1-0").exists()


def test_a_round_robin_gets_round_robin_tiebreaks_and_refuses_buchholz(organiser):
    rr = tournament_create(user=organiser, name="Closed", format="round_robin")
    assert "BH" not in rr.tiebreak_codes and rr.bye_points == 0
    with pytest.raises(ValidationFailed, match="Buchholz"):
        tournament_create(user=organiser, name="Closed 2", format="round_robin", tiebreaks="BH,SB")


def test_settings_freeze_once_round_one_is_paired(tournament, organiser, arbiter):
    add_players(tournament, 6)
    tournament_update(tournament=tournament, user=organiser, rounds_planned=4)
    assert tournament.rounds_planned == 4
    pair_and_publish(tournament, arbiter)
    with pytest.raises(ValidationFailed, match="frozen: rounds planned"):
        tournament_update(tournament=tournament, user=organiser, rounds_planned=6)
    tournament_update(tournament=tournament, user=organiser, name="Renamed", place="Town hall")
    tournament.refresh_from_db()
    assert (tournament.name, tournament.rounds_planned) == ("Renamed", 4)


def test_only_organisers_change_settings(tournament, arbiter, stranger):
    for user in (arbiter, stranger):
        with pytest.raises(NotAllowedError):
            tournament_update(tournament=tournament, user=user, name="Mine now")


def test_tiebreaks_change_after_round_one_needs_a_recorded_reason(tournament, arbiter):
    tiebreaks_change(tournament=tournament, user=arbiter, codes=["BH", "SB"], reason="")
    assert tournament.tiebreaks == "BH,SB"
    add_players(tournament, 4)
    pair_and_publish(tournament, arbiter)
    with pytest.raises(ValidationFailed, match="reason"):
        tiebreaks_change(tournament=tournament, user=arbiter, codes="SB,BH", reason="  ")
    tiebreaks_change(
        tournament=tournament, user=arbiter, codes="sb,bh", reason="Announced order was SB first"
    )
    tournament.refresh_from_db()
    assert tournament.tiebreaks == "SB,BH"
    entry = AuditLog.objects.get(action="tiebreaks_change_after_start")
    assert entry.after["reason"] == "Announced order was SB first" and entry.before == {"tiebreaks": "BH,SB"}


def test_unknown_tiebreaks_are_refused_and_nothing_changes(tournament, arbiter, stranger):
    with pytest.raises(ValidationFailed, match="Unknown tie-break .XYZ."):
        tiebreaks_change(tournament=tournament, user=arbiter, codes=["XYZ"], reason="")
    with pytest.raises(NotAllowedError):
        tiebreaks_change(tournament=tournament, user=stranger, codes=["BH"], reason="")
    tournament.refresh_from_db()
    assert tournament.tiebreaks == "DE,BH-C1,BH,SB,WIN"


def test_organisers_choose_the_staff_and_keep_at_least_one_organiser(
    tournament, organiser, arbiter, django_user_model
):
    from tournaments.services.tournaments import role_grant, role_revoke

    newcomer = django_user_model.objects.create_user("nina", password="x")
    grant = role_grant(tournament=tournament, user=organiser, username="NINA", role="arbiter")
    assert (grant.user, grant.role) == (newcomer, "arbiter")
    with pytest.raises(NotAllowedError):
        role_grant(tournament=tournament, user=arbiter, username="nina", role="organiser")
    with pytest.raises(ValidationFailed, match="no user called 'ghost'"):
        role_grant(tournament=tournament, user=organiser, username="ghost", role="arbiter")
    own = TournamentRole.objects.get(tournament=tournament, user=organiser)
    with pytest.raises(ValidationFailed, match="at least one organiser"):
        role_revoke(tournament=tournament, user=organiser, role_id=own.pk)
    role_revoke(tournament=tournament, user=organiser, role_id=grant.pk)
    assert not TournamentRole.objects.filter(user=newcomer).exists()
    assert AuditLog.objects.filter(action__in=["role_grant", "role_revoke"]).count() == 2
