"""Baku acceleration (FIDE C.04.7) on a team competition: the setting, its refusals, the pairing."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from pairing.engine.errors import AccelerationNotApplicableError
from pairing.engine.teams import pair_team_round, team_swiss_request
from teams import adapters, services
from teams.forms import CompetitionForm
from teams.models import TeamCompetition

from .conftest import add_teams, play_round

pytestmark = pytest.mark.django_db


def _form(**changes):
    data = {
        "name": "Cup",
        "format": "swiss",
        "boards": 4,
        "rounds": 7,
        "scoring": "2-1-0",
        "primary": "MP",
        "colour_type": "A",
        "acceleration": "baku",
        "tiebreaks": "EMGSB,BH",
        "max_jump": 0,
    }
    data.update(changes)
    return CompetitionForm(data=data)


def test_the_form_takes_baku_with_2_1_0_match_points():
    form = _form()
    assert form.is_valid(), form.errors
    assert form.cleaned_data["acceleration"] == TeamCompetition.Acceleration.BAKU


def test_the_form_refuses_baku_with_3_1_0():
    form = _form(scoring="3-1-0")
    assert not form.is_valid()
    assert "C.04.7 Art. 1.1" in form.errors["acceleration"][0]


def test_the_form_refuses_baku_with_game_points_primary():
    form = _form(primary="GP")
    assert not form.is_valid()
    assert "C.04.7 Art. 1.4.4" in form.errors["acceleration"][0]


def test_the_form_refuses_baku_on_a_round_robin():
    assert "acceleration" in _form(format="round_robin").errors


def test_left_out_it_means_no_acceleration():
    form = _form()
    form.data = {k: v for k, v in form.data.items() if k != "acceleration"}
    assert form.is_valid(), form.errors
    assert form.cleaned_data["acceleration"] == TeamCompetition.Acceleration.NONE


def test_the_database_refuses_baku_with_3_1_0(event, organiser):
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamCompetition.objects.create(event=event, name="X", scoring="3-1-0", acceleration="baku")


def test_an_accelerated_competition_pairs_with_virtual_points(event, organiser):
    competition = services.competition_create(
        event=event, user=organiser, name="Cup", boards=4, rounds=7, acceleration="baku"
    )
    add_teams(competition, organiser, 8)
    event_ = adapters.team_event(competition)
    assert event_.baku
    rnd = services.round_pair(competition=competition, user=organiser)
    # GA = the first 2 * ceil(8 / 4) = 4 teams on 2 virtual match points (C.04.7 Art. 1.2, 1.4.2):
    # they play each other, and so do the other four.
    pairs = [frozenset((m.home.tpn, m.away.tpn)) for m in rnd.matches.order_by("number")]
    assert pairs == [frozenset((1, 3)), frozenset((2, 4)), frozenset((5, 7)), frozenset((6, 8))]
    assert "Baku acceleration (C.04.7)" in rnd.explanation
    play_round(rnd, organiser)
    assert services.round_pair(competition=competition, user=organiser).number == 2


def test_without_acceleration_round_1_is_top_half_against_bottom_half(event, organiser):
    competition = services.competition_create(event=event, user=organiser, name="Cup", boards=4, rounds=7)
    add_teams(competition, organiser, 8)
    rnd = services.round_pair(competition=competition, user=organiser)
    pairs = [frozenset((m.home.tpn, m.away.tpn)) for m in rnd.matches.order_by("number")]
    assert pairs[0] == frozenset((1, 5))


def test_the_engine_refuses_on_its_own_what_the_settings_let_through(event, organiser):
    competition = services.competition_create(
        event=event, user=organiser, name="Cup", boards=4, rounds=7, acceleration="baku"
    )
    add_teams(competition, organiser, 4)
    # The form and the constraint keep these out of the database; an unsaved change shows the
    # adapter passes the setting on and the engine refuses by itself (C.04.7 Art. 1.4.4, 1.1).
    competition.primary = TeamCompetition.Primary.GAME
    with pytest.raises(AccelerationNotApplicableError, match="1.4.4"):
        pair_team_round(team_swiss_request(adapters.team_event(competition), 1))
    competition.primary, competition.scoring = TeamCompetition.Primary.MATCH, TeamCompetition.Scoring.THREE
    with pytest.raises(AccelerationNotApplicableError, match="1.1"):
        pair_team_round(team_swiss_request(adapters.team_event(competition), 1))


def test_the_backup_keeps_the_acceleration_and_the_trf_says_it(event, organiser):
    import json

    from teams import exchange

    competition = services.competition_create(
        event=event, user=organiser, name="Cup", boards=4, rounds=7, acceleration="baku"
    )
    add_teams(competition, organiser, 8)
    play_round(services.round_pair(competition=competition, user=organiser), organiser)
    data = json.loads(json.dumps(exchange.competition_backup(competition), default=str))
    data["competition"]["name"] = "Cup again"
    restored = exchange.competition_restore(data=data, event=event, user=organiser)
    assert restored.acceleration == TeamCompetition.Acceleration.BAKU
    trf = exchange.team_trf(competition).splitlines()
    assert "192 FIDE_TEAM_TYPEA_MP_GP_BAKU" in trf
    assert [ln for ln in trf if ln.startswith("250")] == [
        "250  2.0        1   2    1    4",
        "250  1.0        3   4    1    4",
    ]
    # an older backup, without the setting: no acceleration
    del data["competition"]["acceleration"]
    data["competition"]["name"] = "Cup, older backup"
    older = exchange.competition_restore(data=data, event=event, user=organiser)
    assert older.acceleration == TeamCompetition.Acceleration.NONE
