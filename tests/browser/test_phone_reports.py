"""Players report from their phones, the arbiter accepts: three browser contexts, two phones at
390 px and the arbiter's desktop. The arbiter never leaves the round page: report, confirm, accept
with the row's "a" key; a dispute, highlighted on its row, settled with a result key; two
confirmed reports accepted at once; then the audit trail, one tab away and in the database.

Run: .venv/bin/python -m pytest tests/browser/test_phone_reports.py
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_arbiter_night import login, serialised_sqlite, shot  # noqa: F401 (fixture)
from tests.factories import TournamentFactory
from tests.security import world as w
from tournaments.models import AuditLog, Board, TournamentRole

expect.set_options(timeout=15_000)
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}


def slip_link(desk: Page, base: str, tid: int, participant_id: int) -> str:
    """The organiser prints a slip for one player; the link is read off the slip."""
    desk.goto(f"{base}/reports/{tid}/links/")
    desk.locator(f"#link-{participant_id} button", has_text="Link + slip").click()
    expect(desk.locator(".slip")).to_have_count(1)
    expect(desk.locator(".slip svg")).to_be_visible()
    return desk.locator(".slip-url a").get_attribute("href")


@pytest.mark.browser
def test_two_phones_and_the_arbiter(
    browser,
    serialised_sqlite,  # noqa: F811 (the fixture imported above)
    transactional_db,
    screenshot_dir,
    django_user_model,
):
    base = serialised_sqlite.url
    folder = screenshot_dir / "24"
    folder.mkdir(parents=True, exist_ok=True)
    folder24b = screenshot_dir / "24b"  # the round page with the players' reports
    folder24b.mkdir(parents=True, exist_ok=True)
    olga = django_user_model.objects.create_user("olga", password="organiser-pass-1")
    arthur = django_user_model.objects.create_user("arthur", password="arbiter-pass-1")
    tournament = TournamentFactory(name="Tuesday Rapid")
    TournamentRole.objects.create(tournament=tournament, user=olga, role="organiser")
    TournamentRole.objects.create(tournament=tournament, user=arthur, role="arbiter")
    world = w.build(tournament, w.PUBLISHED)
    one, two, three, four = world.boards
    tid = tournament.pk

    # --- the organiser prints slips on the desktop ----------------------------------------------
    desk_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    desk = desk_ctx.new_page()
    login(desk, base, "olga", "organiser-pass-1")
    links = {p.pk: slip_link(desk, base, tid, p.pk) for b in world.boards for p in (b.white, b.black)}
    shot(desk, folder, "slip-desktop.png")
    desk.goto(f"{base}/reports/{tid}/links/")
    expect(desk.locator("#links-table")).to_contain_text("since")
    shot(desk, folder, "links-desktop.png")
    desk.click("text=Log out")
    login(desk, base, "arthur", "arbiter-pass-1")

    # --- board 1: report, confirm, accept --------------------------------------------------------
    phone_a = browser.new_context(**PHONE).new_page()
    phone_b = browser.new_context(**PHONE).new_page()
    phone_a.goto(links[one.white.pk])
    expect(phone_a.locator("#player-card")).to_contain_text(f"against {one.black.name}")
    shot(phone_a, folder, "phone-report.png")
    phone_a.click("text=I won (1-0)")
    expect(phone_a.locator("#player-card")).to_contain_text("You reported 1-0")
    shot(phone_a, folder, "phone-waiting.png")

    phone_b.goto(links[one.black.pk])
    expect(phone_b.locator("#player-card")).to_contain_text(f"{one.white.name} reported 1-0")
    shot(phone_b, folder, "phone-answer.png")
    phone_b.click("text=Yes, 1-0 is right")
    expect(phone_b.locator("#player-card")).to_contain_text("Both players confirmed 1-0")

    # The arbiter works on the round page: the counts, the report on its row, Accept with "a".
    desk.goto(f"{base}/t/{tid}/rounds/1/")
    expect(desk.locator("#report-counts")).to_contain_text("1 confirmed")
    row = desk.locator(f"#board-{one.pk}")
    expect(row).to_have_class(re.compile("state-confirmed"))
    expect(row).to_contain_text("Reported by the players")
    expect(row.locator(".reported-result")).to_have_text("1-0")
    shot(desk, folder, "arbiter-confirmed-desktop.png")
    shot(desk, folder24b, "round-confirmed-desktop.png")
    row.focus()
    row.press("a")
    expect(desk.locator(f"#board-{one.pk} .result-value")).to_have_text("1-0")
    expect(desk.locator(f"#board-{one.pk}")).not_to_contain_text("Reported by the players")
    expect(desk.locator(f"#board-{two.pk}")).to_be_focused()  # the keyboard went on, as with 1 = 0
    expect(desk.locator("#report-counts")).to_contain_text("1/4 finished")
    # The waiting phone sees the decision by itself (it polls).
    expect(phone_a.locator("#player-card")).to_contain_text("Result: 1-0")

    # --- board 2: a dispute, settled by an override with the result key -------------------------
    phone_a.goto(links[two.white.pk])
    phone_a.click("text=I won (1-0)")
    expect(phone_a.locator("#player-card")).to_contain_text("You reported 1-0")
    disputed = desk.locator(f"#board-{two.pk}")
    expect(disputed).to_have_class(re.compile("state-reported"))  # the live poll brings it: no reload
    phone_b.goto(links[two.black.pk])
    phone_b.select_option("select[name=counter_result]", "0-1")
    phone_b.click("text=That is wrong")
    expect(phone_b.locator("#player-card")).to_contain_text("Disputed")
    expect(phone_b.locator("#player-card")).to_contain_text(f"{two.white.name} reported 1-0, you say 0-1")
    shot(phone_b, folder, "phone-disputed.png")

    expect(disputed).to_have_class(re.compile("state-disputed"))
    expect(desk.locator("#report-counts")).to_contain_text("1 disputed")
    expect(disputed).to_contain_text("disputes: says 0-1")
    expect(disputed.locator("button[data-key=a]")).to_have_count(0)
    shot(desk, folder, "arbiter-disputed-desktop.png")
    shot(desk, folder24b, "round-disputed-desktop.png")
    desk.locator(f"#board-{two.pk}").focus()
    desk.keyboard.press("a")  # nothing to accept: the players disagree
    desk.keyboard.press("=")
    expect(desk.locator(f"#board-{two.pk} .result-value")).to_have_text("½-½")
    expect(desk.locator("#report-counts")).to_contain_text("2/4 finished")
    expect(phone_b.locator("#player-card")).to_contain_text("Result: ½-½")
    shot(phone_b, folder, "phone-result.png")

    # --- boards 3 and 4: both confirmed, accepted at once --------------------------------------
    for board, result, said in ((three, "I lost (0-1)", "0-1"), (four, "I won (1-0)", "1-0")):
        phone_a.goto(links[board.white.pk])
        phone_a.click(f"text={result}")
        phone_b.goto(links[board.black.pk])
        phone_b.click(f"text=Yes, {said} is right")
        expect(phone_b.locator("#player-card")).to_contain_text(f"Both players confirmed {said}")
    expect(desk.locator("#report-counts")).to_contain_text("2 confirmed")
    desk.set_viewport_size({"width": 390, "height": 844})
    shot(desk, folder24b, "round-confirmed-phone.png")
    desk.set_viewport_size({"width": 1280, "height": 900})
    desk.click("text=Accept all 2 confirmed")
    expect(desk.locator(f"#board-{three.pk} .result-value")).to_have_text("0-1")
    expect(desk.locator(f"#board-{four.pk} .result-value")).to_have_text("1-0")
    expect(desk.locator("#round-status")).to_contain_text("Finished")
    expect(desk.locator("#report-counts")).to_contain_text("4/4 finished")
    shot(desk, folder24b, "round-finished-desktop.png")

    # --- the audit trail, one tab away --------------------------------------------------------------
    desk.click("nav.tabs >> text=Phone reports")
    expect(desk).to_have_url(re.compile(rf"/reports/{tid}/rounds/1/$"))
    log = desk.locator("#reporting-log")
    for line in (
        f"{one.white.name} reported board 1 1-0",
        f"{one.black.name} confirmed board 1 1-0",
        "arthur accepted board 1 1-0",
        f"{two.black.name} disputed board 2 1-0 (says 0-1)",
        "arthur overrode board 2 ½-½",
        "arthur accepted board 3 0-1",
        "arthur accepted board 4 1-0",
    ):
        expect(log).to_contain_text(line)
    shot(desk, folder, "arbiter-log-desktop.png")
    desk.set_viewport_size({"width": 390, "height": 844})
    shot(desk, folder, "arbiter-phone.png")
    phone_b.set_viewport_size({"width": 1280, "height": 900})
    shot(phone_b, folder, "player-desktop.png")
    trail = [
        (e.action, e.user.username if e.user else e.after.get("by"), e.after.get("board"))
        for e in AuditLog.objects.filter(
            tournament=tournament, action__regex=r"^(report\.|result_)"
        ).order_by("at", "id")
    ]
    assert trail == [
        ("report.submit", one.white.name, 1),
        ("report.confirm", one.black.name, 1),
        ("result_record", "arthur", 1),
        ("report.accept", "arthur", 1),
        ("report.submit", two.white.name, 2),
        ("report.dispute", two.black.name, 2),
        ("result_record", "arthur", 2),
        ("report.override", "arthur", 2),
        ("report.submit", three.white.name, 3),
        ("report.confirm", three.black.name, 3),
        ("report.submit", four.white.name, 4),
        ("report.confirm", four.black.name, 4),
        ("result_record", "arthur", 3),
        ("report.accept", "arthur", 3),
        ("result_record", "arthur", 4),
        ("report.accept", "arthur", 4),
    ]
    assert dict(Board.objects.filter(round=world.round).values_list("number", "result")) == {
        1: "1-0",
        2: "1/2-1/2",
        3: "0-1",
        4: "1-0",
    }
