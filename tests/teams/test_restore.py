"""The team competition's JSON backup read back: into an empty database with the same standings,
all or nothing with a message naming what is wrong, from the competition's page by its organisers;
and the event's whole-event backup saying that it leaves team competitions out."""

from __future__ import annotations

import copy
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from core.errors import ValidationFailed
from teams import exchange, selectors, services
from teams.models import BoardGame, Lineup, Match, Team, TeamCompetition, TeamPlayer, TeamRound
from tournaments.models import Event
from tournaments.services.events import event_create

from .conftest import add_teams, play_round

pytestmark = pytest.mark.django_db


def _counts() -> tuple[int, ...]:
    return tuple(
        model.objects.count()
        for model in (TeamCompetition, Team, TeamPlayer, TeamRound, Match, BoardGame, Lineup)
    )


def _standings(competition) -> list[tuple]:
    codes, rows, played = selectors.standings(competition)
    return [codes, played] + [
        (r.rank, r.team.tpn, r.team.name, r.match_points, r.game_points, r.values) for r in rows
    ]


def _boards(competition) -> list[tuple]:
    return [
        (board, [(r.rank, r.name, r.team, r.points, r.games, r.performance) for r in rows])
        for board, rows in selectors.board_tables(competition)
    ]


def _empty_the_database() -> None:
    """Every team row, event and user gone (matches, boards and byes protect teams and players:
    they go first)."""
    BoardGame.objects.all().delete()
    Match.objects.all().delete()
    TeamRound.objects.all().delete()
    TeamCompetition.objects.all().delete()
    Event.objects.all().delete()
    get_user_model().objects.all().delete()


@pytest.fixture
def played(competition, organiser):
    """Eight teams, three rounds played: a reserve in, a whole-match forfeit, round 4 a draft."""
    teams = add_teams(competition, organiser, 8)
    play_round(services.round_pair(competition=competition, user=organiser), organiser)
    rnd = services.round_pair(competition=competition, user=organiser)
    players = list(teams[0].players.order_by("order"))
    services.lineup_set(
        team=teams[0],
        team_round=rnd,
        player_ids=[players[0].pk, players[1].pk, players[2].pk, players[4].pk],
        user=organiser,
    )
    services.round_publish(team_round=rnd, user=organiser)
    forfeited = rnd.matches.order_by("number").last()
    services.match_forfeit_set(match=forfeited, forfeit="-+", user=organiser)
    for m in rnd.matches.exclude(pk=forfeited.pk):
        for g in m.boards.all():
            services.board_result_set(
                game=g, result=("1-0", "1/2", "0-1")[(g.board + m.number) % 3], user=organiser
            )
    play_round(services.round_pair(competition=competition, user=organiser), organiser)
    services.round_pair(competition=competition, user=organiser)
    return competition


def test_a_backup_restored_into_an_empty_database_gives_the_same_standings(played, organiser):
    text = json.dumps(exchange.competition_backup(played))
    standings, boards, cross = _standings(played), _boards(played), selectors.crosstable(played)
    cross = [(r.rank, r.team.name, r.cells, r.match_points, r.game_points) for r in cross]
    trf_lines = [line for line in exchange.team_trf(played).splitlines() if not line.startswith("012")]
    assert standings[1] == 3 and len(standings) == 2 + 8
    _empty_the_database()
    assert _counts() == (0,) * 7 and not Event.objects.exists()

    owner = get_user_model().objects.create_user("new-owner", password="new-owner-pass-1")
    event = event_create(user=owner, name="Restored weekend")
    restored = exchange.competition_restore(data=json.loads(text), event=event, user=owner)

    assert restored.event == event and restored.name == "Team Swiss"
    assert _standings(restored) == standings
    assert _boards(restored) == boards
    assert [
        (r.rank, r.team.name, r.cells, r.match_points, r.game_points) for r in selectors.crosstable(restored)
    ] == cross
    assert [
        line for line in exchange.team_trf(restored).splitlines() if not line.startswith("012")
    ] == trf_lines
    assert _counts() == (1, 8, 40, 4, 16, 64, 1)
    assert TeamRound.objects.get(competition=restored, number=4).status == "draft"
    # A new public link, no captain's link; the backup of the copy is the backup it came from.
    assert not Team.objects.exclude(captain_token_hash="").exists()
    again = exchange.competition_backup(restored)
    original = json.loads(text)
    for data in (again, original):  # ids are the database's: compare what they point at
        for team in data["teams"]:
            del team["id"]
            for p in team["players"]:
                del p["id"]
        for rnd in data["rounds"]:
            del rnd["bye_team"]
            for lu in rnd["lineups"]:
                del lu["team"], lu["players"]
            for m in rnd["matches"]:
                del m["home"], m["away"]
                for b in m["boards"]:
                    del b["home_player"], b["away_player"]
    assert again == original


def test_the_restore_is_all_or_nothing_with_a_message_naming_the_place(played, organiser, event):
    good = exchange.competition_backup(played)
    before = _counts()

    def refused(data) -> str:
        with pytest.raises(ValidationFailed) as caught:
            exchange.competition_restore(data=data, event=event, user=organiser)
        assert _counts() == before
        assert "Nothing was restored" in caught.value.message
        return caught.value.message

    assert "not a team competition backup" in refused({"format": "chessclub-backup", "version": 1})
    assert "not a team competition backup" in refused([1, 2, 3])
    assert "not a team competition backup" in refused({**good, "version": 2})

    bad = copy.deepcopy(good)
    bad["rounds"][-1]["matches"][-1]["boards"][-1]["result"] = "2-0"  # the very last thing read
    message = refused(bad)
    assert "Round 4, match 4, board 4" in message and "2-0" in message

    bad = copy.deepcopy(good)
    board = bad["rounds"][1]["matches"][0]["boards"][0]
    board["home_player"] = board["away_player"]  # a player of the other team
    assert "Round 2, match 1, board 1" in refused(bad)

    bad = copy.deepcopy(good)
    bad["teams"][3]["tpn"] = 1
    assert "Team 4" in refused(bad)

    bad = copy.deepcopy(good)
    bad["teams"][3]["tpn"] = 9
    assert "team pairing numbers" in refused(bad)

    bad = copy.deepcopy(good)
    bad["teams"][2]["name"] = bad["teams"][1]["name"]
    assert "Team 3" in refused(bad)

    bad = copy.deepcopy(good)
    bad["competition"]["boards"] = 30
    assert "settings" in refused(bad)

    bad = copy.deepcopy(good)
    bad["competition"]["tiebreaks"] = "XYZ"
    assert "XYZ" in refused(bad)

    bad = copy.deepcopy(good)
    bad["rounds"][2]["number"] = 7
    assert "Round 3" in refused(bad)

    bad = copy.deepcopy(good)
    bad["rounds"][0]["lineups"] = [{"team": [1], "players": [{"x": 1}]}]
    assert "Round 1" in refused(bad)

    bad = copy.deepcopy(good)
    bad["rounds"][0]["matches"][0]["home"] = bad["rounds"][0]["matches"][0]["away"]
    assert "Round 1, match 1" in refused(bad)

    bad = copy.deepcopy(good)
    del bad["rounds"][0]["matches"][0]["boards"][2]
    assert "every board" in refused(bad)

    bad = copy.deepcopy(good)
    bad["teams"][0]["players"][0]["rating"] = "strong"
    assert "Team 1" in refused(bad)


def _upload(data: bytes) -> dict:
    return {"backup": SimpleUploadedFile("team.json", data, content_type="application/json")}


def test_the_competition_page_offers_the_restore_to_its_organisers(played, organiser, arbiter, stranger):
    url = reverse("teams:restore", args=[played.pk])
    page = Client()
    page.force_login(organiser)
    html = page.get(reverse("teams:competition", args=[played.pk])).content.decode()
    assert 'id="restore-form"' in html and url in html
    body = json.dumps(exchange.competition_backup(played)).encode()
    before = _counts()

    anonymous = Client().post(url, _upload(body))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    for user, status in ((stranger, 404), (arbiter, 403)):
        client = Client()
        client.force_login(user)
        assert client.post(url, _upload(body)).status_code == status
    assert _counts() == before

    response = page.post(url, _upload(b"{not json"), follow=True)
    assert "not JSON" in response.content.decode() and _counts() == before
    broken = json.loads(body)
    broken["rounds"][0]["matches"][0]["boards"][0]["result"] = "x"
    response = page.post(url, _upload(json.dumps(broken).encode()), follow=True)
    assert "Round 1, match 1, board 1" in response.content.decode() and _counts() == before
    assert "Choose a JSON backup" in page.post(url, {}, follow=True).content.decode()

    response = page.post(url, _upload(body))
    copy_ = TeamCompetition.objects.exclude(pk=played.pk).get()
    assert response.status_code == 302 and response["Location"] == reverse(
        "teams:competition", args=[copy_.pk]
    )
    assert copy_.event_id == played.event_id and copy_.public_token != played.public_token
    assert _standings(copy_) == _standings(played)


def test_the_event_backup_says_it_leaves_team_competitions_out(played, organiser):
    client = Client()
    client.force_login(organiser)
    data = json.loads(client.get(f"/e/{played.event_id}/backup.json").content)
    assert any("Team competitions" in note for note in data["not_included"])
    page = client.get(f"/e/{played.event_id}/").content.decode()
    assert 'id="event-backup-no-teams"' in page
