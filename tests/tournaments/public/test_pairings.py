"""The pairings page: current round, a chosen round, polling, caching and what must stay private."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import factories
from tests.tournaments.public.builders import add_round, build_tournament
from tests.tournaments.public.conftest import HTMX, bump, public_url
from tournaments.models import Board, Round
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


def test_it_shows_the_current_round_with_pairing_scores(client: Client, running):
    response = client.get(public_url(running, "pairings"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="pairings-table"' in html
    assert "Round 3" in html
    board = Board.objects.get(round__tournament=running, round__number=3, number=1)
    assert board.white.name in html and board.black.name in html
    # The score each player brought into round 3 is shown next to the name.
    assert 'title="Score before the round"' in html


def test_the_htmx_request_gets_the_partial_only(client: Client, running):
    response = client.get(public_url(running, "pairings"), headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="pairings-table"' in html
    assert "<html" not in html
    assert "HX-Request" in response["Vary"]


def test_an_unknown_or_revoked_token_is_404_for_page_and_partial(client: Client, running):
    assert client.get("/p/not-the-token/").status_code == 404
    assert client.get("/p/not-the-token/", headers=HTMX).status_code == 404
    assert client.get("/p/not-the-token/rounds/1/", headers=HTMX).status_code == 404


def test_draft_and_in_progress_rounds_are_not_public(client: Client, running):
    participants = list(running.participants.order_by("pairing_number"))
    add_round(running, 4, participants, status=Round.Status.DRAFT, results=False)
    html = client.get(public_url(running, "pairings")).content.decode()
    assert "Round 3" in html and "Round 4" not in html
    assert client.get(public_url(running, "round", 4)).status_code == 404
    assert client.get(public_url(running, "round", 4), headers=HTMX).status_code == 404


def test_a_finished_round_can_be_opened_by_number(client: Client, running):
    response = client.get(public_url(running, "round", 1))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Round 1" in html
    # The builder gives round 1, board 1 the result RESULT_CYCLE[(1 + 1) % 4], a win for Black.
    assert "0-1" in html


def test_it_never_shows_email_addresses_or_staff_names(client: Client, running, organiser, arbiter):
    someone = running.participants.first()
    pages = ["pairings", "standings", "crosstable", "rounds", "rules", "display"]
    urls = [public_url(running, name) for name in pages]
    urls += [public_url(running, "participant", someone.id), public_url(running, "find") + "?q=player"]
    for url in urls:
        html = client.get(url).content.decode()
        assert "@example.com" not in html, url
        assert organiser.username not in html and arbiter.username not in html, url


def test_it_lists_the_rules_the_least_bad_pairing_broke(client: Client, running):
    Round.objects.filter(tournament=running, number=3).update(
        violations=[{"rule": "rematch", "participants": [1, 2], "message": "Ann and Bob meet a second time."}]
    )
    bump(running)
    html = client.get(public_url(running, "pairings")).content.decode()
    assert "Ann and Bob meet a second time." in html


def test_before_the_first_round_it_says_so(client: Client, tournament):
    html = client.get(public_url(tournament, "pairings")).content.decode()
    assert "No round has been published yet" in html


def test_a_poll_from_an_up_to_date_page_is_an_empty_204(client: Client, running):
    url = public_url(running, "pairings") + f"?v={running.version}"
    response = client.get(url, headers=HTMX)
    assert response.status_code == 204
    assert response.content == b""


def test_a_poll_from_a_stale_page_gets_the_fresh_partial(client: Client, running, arbiter):
    stale = running.version
    board = Board.objects.get(round__tournament=running, round__number=3, number=1)
    result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)
    response = client.get(public_url(running, "pairings") + f"?v={stale}", headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "1 of 4 results in" in html
    assert "<html" not in html


def test_polling_stops_once_the_tournament_is_finished(client: Client, running):
    assert "hx-trigger" in client.get(public_url(running, "pairings")).content.decode()  # now cached
    running.status = running.Status.FINISHED
    running.save(update_fields=["status"])
    response = client.get(public_url(running, "pairings") + f"?v={running.version}", headers=HTMX)
    assert response.status_code == 286
    html = client.get(public_url(running, "pairings")).content.decode()
    assert "hx-trigger" not in html


def test_an_open_page_polls_with_its_version(client: Client, running):
    html = client.get(public_url(running, "pairings")).content.decode()
    assert f'hx-get="{public_url(running, "pairings")}?v={running.version}"' in html
    assert 'hx-trigger="every 5s"' in html


def test_the_page_is_cached_until_the_next_change(
    client: Client, running, arbiter, django_assert_num_queries
):
    url = public_url(running, "pairings")
    client.get(url)
    with django_assert_num_queries(1):  # the tournament's row, to learn its version
        cached = client.get(url).content.decode()
    assert "0 of 4 results in" in cached
    board = Board.objects.get(round__tournament=running, round__number=3, number=2)
    result_record(board=board, user=arbiter, result="1/2-1/2", expected_version=board.version)
    fresh = client.get(url).content.decode()
    assert "1 of 4 results in" in fresh
    assert "½-½" in fresh


@pytest.mark.parametrize("players,rounds", [(9, 2), (60, 6)])
def test_it_renders_in_a_fixed_number_of_queries(client: Client, players, rounds, django_assert_num_queries):
    tournament = factories.TournamentFactory()
    build_tournament(tournament, players=players, rounds=rounds)
    # tournament, rounds, participants, boards, byes
    with django_assert_num_queries(5):
        assert client.get(public_url(tournament, "pairings")).status_code == 200
    # Another page of the same version is built from the same snapshot: the tournament only.
    with django_assert_num_queries(1):
        assert client.get(public_url(tournament, "round", 1), headers=HTMX).status_code == 200


def test_while_another_request_builds_the_new_page_stale_polls_wait_for_the_next_poll(
    client: Client, running
):
    from django.core.cache import cache

    from tournaments.public.responses import page_cache_key

    stale = running.version
    bump(running)
    cache.add(page_cache_key(running, "pairings-current", True, {}) + ":building", 1, 30)
    poll = client.get(public_url(running, "pairings") + f"?v={stale}", headers=HTMX)
    assert poll.status_code == 204
    # Someone opening the page is not made to wait: they get it built.
    assert client.get(public_url(running, "pairings"), headers=HTMX).status_code == 200


def test_reloading_an_unchanged_page_is_a_304(client: Client, running, arbiter, django_assert_num_queries):
    url = public_url(running, "pairings")
    etag = client.get(url)["ETag"]
    with django_assert_num_queries(1):
        response = client.get(url, headers={"If-None-Match": etag})
    assert response.status_code == 304
    assert response.content == b""
    board = Board.objects.get(round__tournament=running, round__number=3, number=1)
    result_record(board=board, user=arbiter, result="0-1", expected_version=board.version)
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    # The partial is a different representation with its own validator.
    assert client.get(url, headers=HTMX)["ETag"] != changed["ETag"]


def test_in_a_round_robin_the_current_round_is_the_first_still_being_played(client: Client, db):
    from tests.tournaments.public.builders import add_participants
    from tournaments.models import Tournament

    # A round robin publishes every round when it starts; results finish them one by one.
    tournament = factories.TournamentFactory(format=Tournament.Format.ROUND_ROBIN, rounds_planned=3)
    people = add_participants(tournament, 4)
    add_round(tournament, 1, people, status=Round.Status.FINISHED)
    add_round(tournament, 2, people, status=Round.Status.PUBLISHED, results=False)
    add_round(tournament, 3, people, status=Round.Status.PUBLISHED, results=False)
    html = client.get(public_url(tournament, "pairings")).content.decode()
    assert "Round 2" in html and "Round 3" not in html.split("Other rounds")[0]
    found = client.get(public_url(tournament, "find"), {"q": people[0].name}).content.decode()
    assert "Round 2" in found


def test_head_is_answered_and_writes_are_refused(client: Client, running):
    url = public_url(running, "pairings")
    assert client.head(url).status_code == 200
    assert client.post(url).status_code == 405


def test_baku_virtual_points_show_next_to_the_score_for_that_round_only(client: Client, running):
    board = Board.objects.get(round__tournament=running, round__number=3, number=1)
    Round.objects.filter(tournament=running, number=3).update(
        explanation={"baku": {"ga": [board.white_id], "virtual_points": {str(board.white_id): 2}}}
    )
    bump(running)
    html = client.get(public_url(running, "pairings")).content.decode()
    assert "Accelerated round (Baku)" in html
    assert html.count('<span class="vp"') == 1 and ">+1</span>" in html
    assert 'class="vp"' not in client.get(public_url(running, "round", 2)).content.decode()


def test_each_board_row_links_both_players_and_escapes_what_they_typed(client: Client, running):
    """The rows are written by ``{% pairing_rows %}`` (issue 21: the template loop cost 120 ms per
    rebuild of a 500-board round); the markup is the one the loop wrote."""
    board = Board.objects.get(round__tournament=running, round__number=3, number=1)
    white, black = board.white, board.black
    white.name, white.rating = 'Ann <b>"O\'Hara"</b> & co', 0
    white.save(update_fields=["name", "rating"])
    black.name, black.rating = 'ANN <B>"O\'HARA"</B> & CO', 1850
    black.save(update_fields=["name", "rating"])
    bump(running)
    html = client.get(public_url(running, "pairings")).content.decode()
    row = html[html.index('<tr id="board-1">') : html.index("</tr>", html.index('<tr id="board-1">'))]
    prefix = public_url(running, "participant", white.pk)[: -len(f"{white.pk}/")]
    assert "<b>" not in row and "<B>" not in row
    assert (
        f'<td class="player white"><a href="{prefix}{white.pk}/">Ann &lt;b&gt;&quot;O&#x27;Hara&quot;&lt;/b&gt; '
        f'&amp; co</a> <small class="muted namesake">(no. {white.pairing_number})</small> '
        f'<span class="score" title="Score before the round">'
    ) in row
    assert 'class="rating' not in row.split('<td class="res">')[0]  # no rating, none shown
    assert '<span class="rating muted">1850</span></td>' in row
    assert '<td class="res">–</td>' in row  # round 3 is being played
    assert '<td class="bd num">1</td>' in row
