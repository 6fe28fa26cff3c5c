"""The pages: the player's card and the arbiter's table, each as a full page, as an htmx partial,
and as the live poll; the slips; the public pages never carrying a reporting token."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages

from reports.models import ResultReport
from reports.selectors import round_overview
from reports.services.player import report_confirm, report_submit
from tournaments.models import AuditLog, Board

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def test_the_player_card_comes_whole_or_as_a_partial(night, client):
    url = night.url(night.white(1))
    page = client.get(url).content.decode()
    assert 'id="player-card"' in page and "<html" in page
    partial = client.get(url, headers=HX).content.decode()
    assert 'id="player-card"' in partial and "<html" not in partial


def test_the_players_poll_answers_204_until_something_changes(night, client):
    board = night.board(1)
    url = night.url(board.black)
    card = client.get(url, headers=HX).content.decode()
    seen = re.search(r"\?seen=([^\"]+)\"", card).group(1)
    assert client.get(f"{url}?seen={seen}", headers=HX).status_code == 204
    report_submit(participant=board.white, board_id=board.pk, result="1-0")
    response = client.get(f"{url}?seen={seen}", headers=HX)
    assert response.status_code == 200
    assert "reported" in response.content.decode() and "Yes, 1-0 is right" in response.content.decode()


def test_a_report_through_htmx_answers_the_card_with_the_outcome(night, client):
    board = night.board(1)
    response = client.post(night.url(board.white, "report"), {"board": board.pk, "result": "1-0"}, headers=HX)
    assert response.status_code == 200 and response["X-Report-Status"] == "200"
    body = response.content.decode()
    assert "<html" not in body and "You reported" in body and "Sent." in body


def test_a_refusal_through_htmx_shows_its_message_in_the_card(night, client):
    mine, theirs = night.board(1), night.board(2)
    response = client.post(night.url(mine.white, "report"), {"board": theirs.pk, "result": "1-0"}, headers=HX)
    assert response["X-Report-Status"] == "403"
    assert "only report the result of your own game" in response.content.decode()


def test_without_javascript_a_report_redirects_back_with_a_message(night, client):
    board = night.board(1)
    response = client.post(night.url(board.white, "report"), {"board": board.pk, "result": "1/2-1/2"})
    assert response.status_code == 302 and response["Location"] == night.url(board.white)
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "Sent. Your opponent confirms it on their phone."
    ]


def test_the_opponent_disputes_from_the_card(night, client):
    board = night.board(1)
    report_submit(participant=board.white, board_id=board.pk, result="1-0")
    page = client.get(night.url(board.black)).content.decode()
    assert "That is wrong" in page and 'value="0-1"' in page
    client.post(
        night.url(board.black, "dispute"), {"board": board.pk, "result": "1-0", "counter_result": "0-1"}
    )
    report = ResultReport.objects.get()
    assert report.status == "disputed" and report.counter_result == "0-1"


def test_the_arbiter_table_shows_counts_and_highlights_disputes(night, arbiter_client):
    one, two, three = night.board(1), night.board(2), night.board(3)
    report_submit(participant=one.white, board_id=one.pk, result="1-0")
    report_confirm(participant=one.black, board_id=one.pk, result="1-0")
    report_submit(participant=two.white, board_id=two.pk, result="1-0")
    report_submit(participant=two.black, board_id=two.pk, result="0-1")  # a dispute
    report_submit(participant=three.white, board_id=three.pk, result="0-1")  # one-sided
    page = arbiter_client.get(f"/reports/{night.tournament.pk}/rounds/1/").content.decode()
    counts = re.sub(r"\s+", " ", re.search(r'id="report-counts".*?</p>', page, re.S).group(0))
    assert "<strong>0</strong>/4 finished" in counts
    assert "<strong>1</strong> reported" in counts and "<strong>1</strong> confirmed" in counts
    assert "<strong>1</strong> disputed" in counts and "<strong>1</strong> missing" in counts
    assert re.search(rf'id="report-board-{two.pk}" class="report-row state-disputed"', page)
    assert re.search(rf'id="report-board-{three.pk}" class="report-row state-reported"', page)
    assert "Accept all 1 confirmed" in page


def test_the_arbiter_table_comes_as_a_partial_and_its_poll_answers_204_until_a_change(night, arbiter_client):
    url = f"/reports/{night.tournament.pk}/rounds/1/"
    partial = arbiter_client.get(url, headers=HX).content.decode()
    assert 'id="report-table"' in partial and "<html" not in partial
    seen = re.search(r"\?seen=([^\"]+)\"", partial).group(1)
    assert arbiter_client.get(f"{url}?seen={seen}", headers=HX).status_code == 204
    board = night.board(4)
    report_submit(participant=board.black, board_id=board.pk, result="0-1")
    assert arbiter_client.get(f"{url}?seen={seen}", headers=HX).status_code == 200


def test_the_overview_goes_to_the_latest_published_round(night, arbiter_client):
    response = arbiter_client.get(f"/reports/{night.tournament.pk}/")
    assert response.status_code == 302 and response["Location"] == f"/reports/{night.tournament.pk}/rounds/1/"


def test_accept_through_htmx_answers_the_table_and_tells_the_round_page(night, arbiter_client):
    board = night.board(1)
    report_submit(participant=board.white, board_id=board.pk, result="1-0")
    report = report_confirm(participant=board.black, board_id=board.pk, result="1-0")
    response = arbiter_client.post(
        f"/reports/{night.tournament.pk}/boards/{board.pk}/accept/", {"report": report.pk}, headers=HX
    )
    assert response.status_code == 200 and "standings-changed" in response["HX-Trigger"]
    assert "Board 1: 1-0 accepted." in response.content.decode()
    assert Board.objects.get(pk=board.pk).result == "1-0"


def test_a_stale_accept_says_why_and_changes_nothing(night, arbiter_client, organiser):
    from tournaments.services.results import result_record

    board = night.board(1)
    report = report_submit(participant=board.white, board_id=board.pk, result="1-0")
    result_record(board=board, user=organiser, result="0-1", expected_version=0)
    response = arbiter_client.post(
        f"/reports/{night.tournament.pk}/boards/{board.pk}/accept/", {"report": report.pk}
    )
    assert response.status_code == 302
    [message] = [str(m) for m in get_messages(response.wsgi_request)]
    assert message.startswith("The players' report was not applied.") and "olga" in message
    assert Board.objects.get(pk=board.pk).result == "0-1"


def test_accept_needs_the_report_of_that_board(night, arbiter_client):
    one, two = night.board(1), night.board(2)
    report = report_submit(participant=two.white, board_id=two.pk, result="1-0")
    arbiter_client.post(f"/reports/{night.tournament.pk}/boards/{one.pk}/accept/", {"report": report.pk})
    assert not Board.objects.exclude(result="").exists()


def test_the_round_overview_takes_a_fixed_number_of_queries(night, django_assert_num_queries):
    for number in (1, 2):
        board = night.board(number)
        report_submit(participant=board.white, board_id=board.pk, result="1-0")
    with django_assert_num_queries(2):  # the boards, then every report of the round
        overview = round_overview(night.world.round)
        assert [row.state for row in overview.rows] == ["reported", "reported", "missing", "missing"]
        assert overview.rows[0].report.reported_by.name


def test_slips_carry_the_link_and_its_qr_code_and_are_not_cached(night, organiser_client):
    player = night.white(1)
    response = organiser_client.post(f"/reports/{night.tournament.pk}/links/{player.pk}/issue/")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    page = response.content.decode()
    token = re.search(r"/r/([A-Za-z0-9_-]+)/", page).group(1)
    assert "<svg" in page and player.name in page
    assert organiser_client.get(f"/r/{token}/").status_code == 200


def test_the_links_page_shows_hints_never_tokens(night, organiser_client):
    page = organiser_client.get(f"/reports/{night.tournament.pk}/links/").content.decode()
    assert not any(token in page for token in night.tokens.values())
    assert f"{night.tokens[night.white(1).pk][:4]}…" in page


def test_public_pages_and_the_audit_log_never_carry_a_reporting_token(night, client):
    player = night.white(1)
    board = night.board(1)
    report_submit(participant=player, board_id=board.pk, result="1-0")
    token = night.tournament.public_token
    pages = [
        f"/p/{token}/",
        f"/p/{token}/standings/",
        f"/p/{token}/players/{player.pk}/",
        f"/p/{token}/find/",
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        body = response.content.decode()
        assert "/r/" not in body and not any(t in body for t in night.tokens.values()), url
    logged = str(list(AuditLog.objects.values_list("before", "after")))
    assert not any(t in logged for t in night.tokens.values())


def test_the_round_page_panel_counts_and_accepts_all_confirmed(night, arbiter, rf):
    """Each board's report and its Accept are on the board's row (tests/reports/test_round_page.py)."""
    from django.template.loader import render_to_string

    one, two = night.board(1), night.board(2)
    report_submit(participant=one.white, board_id=one.pk, result="1-0")
    report_confirm(participant=one.black, board_id=one.pk, result="1-0")
    report_submit(participant=two.white, board_id=two.pk, result="1-0")
    report_submit(participant=two.black, board_id=two.pk, result="0-1")
    request = rf.get("/")
    request.user = arbiter
    html = render_to_string(
        "reports/_round_reports.html",
        {"tournament": night.tournament, "overview": round_overview(night.world.round), "can_accept": True},
        request=request,
    )
    assert 'id="round-reports"' in html and "Accept all 1 confirmed" in html
    assert "<strong>1</strong> confirmed" in html and "<strong>1</strong> disputed" in html
    assert 'data-key="a"' not in html


def test_accept_from_the_round_pages_panel_answers_the_panel_or_goes_back_to_next(night, arbiter_client):
    one, two = night.board(1), night.board(2)
    first = report_submit(participant=one.white, board_id=one.pk, result="1-0")
    second = report_submit(participant=two.white, board_id=two.pk, result="0-1")
    url = "/reports/{t}/boards/{b}/accept/"
    panel = arbiter_client.post(
        url.format(t=night.tournament.pk, b=one.pk),
        {"report": first.pk},
        headers={**HX, "HX-Target": "round-reports"},
    )
    body = panel.content.decode()
    assert body.lstrip().startswith('<section id="round-reports"') and "Board 1: 1-0 accepted." in body
    back = f"/t/{night.tournament.pk}/rounds/1/"
    response = arbiter_client.post(
        url.format(t=night.tournament.pk, b=two.pk), {"report": second.pk, "next": back}
    )
    assert response.status_code == 302 and response["Location"] == back
    elsewhere = arbiter_client.post(
        url.format(t=night.tournament.pk, b=two.pk), {"report": second.pk, "next": "https://evil.example/"}
    )
    assert elsewhere["Location"] == f"/reports/{night.tournament.pk}/rounds/1/"


def test_accept_all_confirmed_names_what_it_took_and_what_it_could_not(night, arbiter_client, organiser):
    from tournaments.services.results import result_record

    for number in (1, 2):
        board = night.board(number)
        report_submit(participant=board.white, board_id=board.pk, result="0-1")
        report_confirm(participant=board.black, board_id=board.pk, result="0-1")
    result_record(board=night.board(2), user=organiser, result="1-0", expected_version=0)
    response = arbiter_client.post(f"/reports/{night.tournament.pk}/rounds/1/accept-confirmed/")
    messages = [str(m) for m in get_messages(response.wsgi_request)]
    assert "Accepted 1 confirmed report (board 1)." in messages
    assert any(m.startswith("Board 2: The players' report was not applied.") for m in messages)
    assert dict(Board.objects.filter(round=night.world.round).values_list("number", "result"))[1] == "0-1"


def test_emailing_links_sends_working_absolute_links_to_players_without_one(
    night, organiser_client, mailoutbox
):
    from reports.services.links import reporting_link_revoke

    lost, kept = night.white(1), night.black(1)
    reporting_link_revoke(participant=lost, user=night.tournament.roles.get(role="organiser").user)
    response = organiser_client.post(f"/reports/{night.tournament.pk}/links/email/")
    assert response.status_code == 302
    assert [m.to for m in mailoutbox] == [[lost.email]]
    url = re.search(r"http://testserver(/r/[A-Za-z0-9_-]+/)", mailoutbox[0].body).group(1)
    assert lost.name in organiser_client.get(url).content.decode()
    # Players who still hold a link keep it; e-mailing one of them a new link replaces theirs.
    assert organiser_client.get(night.url(kept)).status_code == 200
    organiser_client.post(f"/reports/{night.tournament.pk}/links/{kept.pk}/email/")
    assert len(mailoutbox) == 2 and organiser_client.get(night.url(kept)).status_code == 404
