"""The arbiter's round page carries the players' reports: the counts at a glance, each board's open
report on its own row with Accept, the result keys overriding it, the live poll bringing new
reports, and the "Phone reports" tab. One query fetches every report of the round."""

from __future__ import annotations

import re

import pytest

from reports.models import ResultReport
from reports.services.player import report_confirm, report_dispute, report_submit
from tournaments.models import AuditLog

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def page_url(night, part: str = "") -> str:
    return f"/t/{night.tournament.pk}/rounds/1/{part}"


def row_html(html: str, board_pk: int) -> str:
    match = re.search(rf'<tr id="board-{board_pk}".*?</tr>', html, re.S)
    assert match, f"no row for board {board_pk}"
    return match.group(0)


def confirmed(night, number: int, result: str = "1-0") -> ResultReport:
    board = night.board(number)
    report_submit(participant=board.white, board_id=board.pk, result=result)
    return report_confirm(participant=board.black, board_id=board.pk, result=result)


def test_the_round_page_shows_the_counts_and_each_report_on_its_row(night, arbiter_client):
    one, two, three = night.board(1), night.board(2), night.board(3)
    report = confirmed(night, 1)
    report_submit(participant=two.white, board_id=two.pk, result="0-1")
    report_submit(participant=three.white, board_id=three.pk, result="1-0")
    report_dispute(participant=three.black, board_id=three.pk, result="1-0", counter_result="0-1")

    html = arbiter_client.get(page_url(night)).content.decode()

    counts = re.search(r'<p class="report-counts".*?</p>', html, re.S).group(0)
    for said in (
        "0</strong>/4 finished",
        "1</strong> reported",
        "1</strong> confirmed",
        "1</strong> disputed",
    ):
        assert said in counts
    assert "1</strong> missing" in counts
    assert "Accept all 1 confirmed" in html
    first = row_html(html, one.pk)
    assert "state-confirmed" in first and "Reported by the players" in first
    assert f'name="report" value="{report.pk}"' in first and 'data-key="a"' in first
    assert f'hx-target="#board-{one.pk}"' in first
    # The result keys of a reported board override the report (and close it, audited).
    assert f'action="/reports/{night.tournament.pk}/boards/{one.pk}/override/"' in first
    disputed = row_html(html, three.pk)
    assert "state-disputed" in disputed and 'data-key="a"' not in disputed and "says 0-1" in disputed
    assert "state-reported" in row_html(html, two.pk)
    quiet = row_html(html, night.board(4).pk)
    assert "Reported by the players" not in quiet
    assert f'action="/t/{night.tournament.pk}/boards/{night.board(4).pk}/result/"' in quiet
    assert "reports/reports.js" in html


def test_the_round_page_reads_every_report_in_one_query(night, arbiter_client, django_assert_num_queries):
    arbiter_client.get(page_url(night))  # the session, the caches: warm
    # A fixed number, whatever the reports: the page's own queries (every board light for the page
    # navigation, the page's boards, the namesakes, ...) and one read of the round's reports.
    with django_assert_num_queries(11) as quiet:
        arbiter_client.get(page_url(night))
    confirmed(night, 1)
    confirmed(night, 2, "0-1")
    board = night.board(3)
    report_submit(participant=board.white, board_id=board.pk, result="1/2-1/2")
    with django_assert_num_queries(11) as busy:
        html = arbiter_client.get(page_url(night)).content.decode()
    assert html.count('data-key="a"') == 3
    reads = [q["sql"] for q in busy.captured_queries if "reports_resultreport" in q["sql"]]
    assert len(reads) == 1, reads
    assert len(quiet.captured_queries) == len(busy.captured_queries)


def test_the_live_poll_brings_a_new_report_to_its_row(night, arbiter_client):
    html = arbiter_client.get(page_url(night)).content.decode()
    version = re.search(r'id="live-version" name="seen" value="([^"]*)"', html).group(1)
    reports = re.search(r'id="reports-seen" name="reports_seen" value="([^"]*)"', html).group(1)
    poll = {"seen": version, "reports_seen": reports}
    assert arbiter_client.get(page_url(night, "live/"), poll, headers=HX).status_code == 204

    board = night.board(2)
    report_submit(participant=board.white, board_id=board.pk, result="0-1")
    response = arbiter_client.get(page_url(night, "live/"), poll, headers=HX)
    assert response.status_code == 200
    body = response.content.decode()
    assert "state-reported" in row_html(body, board.pk)
    assert 'id="reports-seen"' in body and 'id="report-counts"' in body  # out of band: counts, marker
    fresh = re.search(r'id="reports-seen" name="reports_seen" value="([^"]*)"', body).group(1)
    assert fresh != reports
    poll["reports_seen"] = fresh
    assert arbiter_client.get(page_url(night, "live/"), poll, headers=HX).status_code == 204


def test_accept_on_a_row_answers_the_row(night, arbiter_client):
    board = night.board(1)
    report = confirmed(night, 1)
    response = arbiter_client.post(
        f"/reports/{night.tournament.pk}/boards/{board.pk}/accept/",
        {"report": report.pk},
        headers={**HX, "HX-Target": f"board-{board.pk}"},
    )
    body = response.content.decode()
    assert body.lstrip().startswith(f'<tr id="board-{board.pk}"')
    assert "1-0" in body and "just-saved" in body and "Reported by the players" not in body
    assert "standings-changed" in response["HX-Trigger"]
    report.refresh_from_db()
    assert report.status == ResultReport.Status.ACCEPTED


def test_a_result_key_on_a_reported_row_overrides_the_report(night, arbiter_client):
    board = night.board(3)
    report_submit(participant=board.white, board_id=board.pk, result="1-0")
    report = report_dispute(participant=board.black, board_id=board.pk, result="1-0", counter_result="0-1")
    response = arbiter_client.post(
        f"/reports/{night.tournament.pk}/boards/{board.pk}/override/",
        {"result": "1/2-1/2", "version": board.version},
        headers={**HX, "HX-Target": f"board-{board.pk}"},
    )
    body = response.content.decode()
    assert body.lstrip().startswith(f'<tr id="board-{board.pk}"') and "½-½" in body
    report.refresh_from_db()
    assert report.status == ResultReport.Status.OVERRIDDEN
    assert AuditLog.objects.filter(action="report.override", after__board=3).exists()


def test_a_refused_accept_on_a_row_says_why_in_the_row(night, arbiter_client):
    board = night.board(1)
    report = confirmed(night, 1)
    url = f"/reports/{night.tournament.pk}/boards/{board.pk}/accept/"
    arbiter_client.post(url, {"report": report.pk})
    response = arbiter_client.post(
        url, {"report": report.pk}, headers={**HX, "HX-Target": f"board-{board.pk}"}
    )
    body = response.content.decode()
    assert body.lstrip().startswith(f'<tr id="board-{board.pk}"')
    assert "already accepted" in body and "not-saved" in body


def test_the_phone_reports_tab_is_on_the_staff_pages_only(night, arbiter_client):
    tab = f'href="/reports/{night.tournament.pk}/"'
    rounds = arbiter_client.get(f"/t/{night.tournament.pk}/rounds/").content.decode()
    assert f"{tab}>Phone reports</a>" in rounds
    reports = arbiter_client.get(f"/reports/{night.tournament.pk}/rounds/1/").content.decode()
    assert f'{tab} aria-current="page">Phone reports</a>' in reports
    arbiter_client.logout()
    public = arbiter_client.get(f"/p/{night.tournament.public_token}/").content.decode()
    assert "Phone reports" not in public and "/reports/" not in public
