"""The team services: pairing through the engine, results into standings, the lineup rule."""

from __future__ import annotations

import pytest

from core.errors import ConflictError, ValidationFailed
from pairing.engine.teams import pair_team_round, team_round_robin, team_standings, team_swiss_request
from teams import adapters, selectors, services
from teams.models import BoardGame, Lineup, TeamCompetition
from tournaments.models import AuditLog

from .conftest import add_teams, play_round

pytestmark = pytest.mark.django_db


def _pairs(rnd):
    return [(m.home.tpn, m.away.tpn) for m in rnd.matches.order_by("number")]


def test_pairing_a_round_gives_the_engines_pairs(competition, eight_teams, organiser):
    for number in range(1, 4):
        expected = pair_team_round(team_swiss_request(adapters.team_event(competition), number))
        rnd = services.round_pair(competition=competition, user=organiser)
        assert rnd.number == number
        assert _pairs(rnd) == [(m.white, m.black) for m in expected.matches]
        play_round(rnd, organiser)
    assert AuditLog.objects.filter(action="team_round_pair").count() == 3


def test_boards_alternate_colours_and_follow_board_order(competition, eight_teams, organiser):
    rnd = services.round_pair(competition=competition, user=organiser)
    match = rnd.matches.select_related("home").first()
    games = list(match.boards.order_by("board").select_related("home_player"))
    assert [g.home_white for g in games] == [True, False, True, False]
    assert [g.home_player.order for g in games] == [1, 2, 3, 4]


def test_a_round_waits_for_the_previous_ones_results(competition, eight_teams, organiser):
    rnd = services.round_pair(competition=competition, user=organiser)
    with pytest.raises(ConflictError):
        services.round_pair(competition=competition, user=organiser)
    services.round_publish(team_round=rnd, user=organiser)
    game = BoardGame.objects.filter(match__round=rnd).first()
    services.board_result_set(game=game, result="1-0", user=organiser)
    with pytest.raises(ConflictError):
        services.round_pair(competition=competition, user=organiser)


def test_results_give_the_engines_standings(competition, eight_teams, organiser):
    for _ in range(2):
        play_round(services.round_pair(competition=competition, user=organiser), organiser)
    codes, rows, played = selectors.standings(competition)
    assert played == 2 and codes == ["EMGSB", "BH", "DE"]
    engine = team_standings(adapters.team_event(competition), codes)
    assert [(r.rank, r.team.tpn, r.match_points) for r in rows] == [
        (e.rank, e.tpn, str(e.match_points)) for e in engine
    ]
    assert sum(int(r.match_points) for r in rows) == 2 * 2 * 4  # every match gives 2 points in all


def test_a_whole_match_forfeit_scores_every_board(competition, eight_teams, organiser):
    rnd = services.round_pair(competition=competition, user=organiser)
    services.round_publish(team_round=rnd, user=organiser)
    first, *others = rnd.matches.order_by("number")
    services.match_forfeit_set(match=first, forfeit="+-", user=organiser)
    for m in others:
        for g in m.boards.all():
            services.board_result_set(game=g, result="1/2", user=organiser)
    event = adapters.team_event(competition)
    record = next(m for m in event.matches if m.white == first.home.tpn)
    assert record.forfeit == "+-" and record.game_points(4) == (8, 0)
    first.refresh_from_db()
    view = selectors.match_view(first)
    assert view.complete and view.home_points == "4"


def test_a_lineup_breaking_the_board_order_is_refused_and_changes_nothing(
    competition, eight_teams, organiser
):
    rnd = services.round_pair(competition=competition, user=organiser)
    team = eight_teams[0]
    p = list(team.players.order_by("order"))
    before = list(BoardGame.objects.filter(match__round=rnd).values_list("pk", "home_player", "away_player"))
    with pytest.raises(ValidationFailed) as refused:
        services.lineup_set(
            team=team, team_round=rnd, player_ids=[p[1].pk, p[0].pk, p[2].pk, p[3].pk], user=organiser
        )
    assert refused.value.errors["lineup"] == ["Board 1: T1 P2 is placed above T1 P1, listed ahead of them."]
    assert not Lineup.objects.exists()
    assert (
        list(BoardGame.objects.filter(match__round=rnd).values_list("pk", "home_player", "away_player"))
        == before
    )


def test_a_reserve_may_replace_a_player_keeping_the_order(competition, eight_teams, organiser):
    rnd = services.round_pair(competition=competition, user=organiser)
    team = eight_teams[0]
    p = list(team.players.order_by("order"))
    services.lineup_set(
        team=team, team_round=rnd, player_ids=[p[0].pk, p[2].pk, p[3].pk, p[4].pk], user=organiser
    )
    match = (
        rnd.matches.get(home=team) if rnd.matches.filter(home=team).exists() else rnd.matches.get(away=team)
    )
    side = "home_player" if match.home_id == team.pk else "away_player"
    assert list(match.boards.order_by("board").values_list(side, flat=True)) == [
        p[0].pk,
        p[2].pk,
        p[3].pk,
        p[4].pk,
    ]


def test_a_round_robin_follows_the_berger_tables(event, organiser):
    rr = services.competition_create(
        event=event,
        user=organiser,
        name="League",
        format=TeamCompetition.Format.ROUND_ROBIN,
        boards=4,
        rounds=5,
    )
    add_teams(rr, organiser, 6)
    table = team_round_robin(6)
    for number in range(1, 3):
        rnd = services.round_pair(competition=rr, user=organiser)
        assert _pairs(rnd) == [(m.white, m.black) for m in table[number - 1].matches]
        play_round(rnd, organiser)


def test_unknown_tiebreaks_are_refused(event, organiser):
    with pytest.raises(ValidationFailed):
        services.competition_create(event=event, user=organiser, name="X", tiebreaks="BH,NOPE")
    assert not TeamCompetition.objects.exists()


def test_an_odd_field_gives_the_engines_bye_worth_a_drawn_match(competition, organiser):
    add_teams(competition, organiser, 7)
    for number in range(1, 4):
        expected = pair_team_round(team_swiss_request(adapters.team_event(competition), number))
        rnd = services.round_pair(competition=competition, user=organiser)
        assert expected.bye is not None and rnd.bye_team.tpn == expected.bye
        assert _pairs(rnd) == [(m.white, m.black) for m in expected.matches]
        play_round(rnd, organiser)
    byes = [r.bye_team.tpn for r in competition.team_rounds.order_by("number")]
    assert len(set(byes)) == 3  # nobody gets a second bye
    _codes, rows, _played = selectors.standings(competition)
    assert sum(int(r.match_points) for r in rows) == 3 * (3 * 2 + 1)  # three matches and a bye a round


def test_results_wait_for_publishing_and_lock_once_the_next_round_is_paired(
    competition, eight_teams, organiser
):
    rnd = services.round_pair(competition=competition, user=organiser)
    game = BoardGame.objects.filter(match__round=rnd).first()
    with pytest.raises(ConflictError):
        services.board_result_set(game=game, result="1-0", user=organiser)
    play_round(rnd, organiser)
    services.round_pair(competition=competition, user=organiser)
    with pytest.raises(ConflictError):
        services.board_result_set(game=game, result="0-1", user=organiser)
    game.refresh_from_db()
    assert game.result != "0-1"


def test_the_crosstable_holds_each_matchs_game_points(competition, eight_teams, organiser):
    play_round(services.round_pair(competition=competition, user=organiser), organiser)
    rows = selectors.crosstable(competition)
    assert len(rows) == 8 and all(row.cells[i] == "×" for i, row in enumerate(rows))
    filled = [c for row in rows for c in row.cells if c not in ("", "×")]
    assert len(filled) == 8  # four matches, seen from both sides


def test_a_captain_cannot_change_the_lineup_after_the_deadline_but_the_arbiter_can(
    competition, eight_teams, organiser
):
    import datetime

    from django.utils import timezone

    rnd = services.round_pair(competition=competition, user=organiser)
    services.round_deadline_set(
        team_round=rnd, deadline=timezone.now() - datetime.timedelta(minutes=1), user=organiser
    )
    team = eight_teams[0]
    p = list(team.players.order_by("order"))
    lineup = [p[0].pk, p[1].pk, p[2].pk, p[4].pk]
    with pytest.raises(ConflictError):
        services.lineup_set(team=team, team_round=rnd, player_ids=lineup, user=None, by_captain=True)
    assert not Lineup.objects.exists()
    services.lineup_set(team=team, team_round=rnd, player_ids=lineup, user=organiser)
    assert Lineup.objects.get().player_ids == lineup


def test_a_withdrawn_team_is_not_paired_and_keeps_its_results(competition, eight_teams, organiser):
    play_round(services.round_pair(competition=competition, user=organiser), organiser)
    gone = eight_teams[7]
    services.team_withdraw(team=gone, withdrawn=True, user=organiser)
    rnd = services.round_pair(competition=competition, user=organiser)
    assert gone.tpn not in {t for pair in _pairs(rnd) for t in pair}
    assert rnd.bye_team is not None and rnd.bye_team != gone
    play_round(rnd, organiser)
    _codes, rows, played = selectors.standings(competition)
    assert played == 2 and gone.pk in {r.team.pk for r in rows}
