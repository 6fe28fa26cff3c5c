"""Issue 36 through the browser: an organiser creates an 8-team, 4-board team Swiss of 5 rounds in an
event and adds teams on its page; round 1 is paired and published with the buttons, one captain sets
the team's lineup through the personal link (a lineup breaking the board order is refused), the
arbiter sets another on the lineup page, and every board of round 1 is entered with the keys 1 = 0
(htmx swaps each board's row in place, no page load per key);
rounds 2-5 are played through the services; the public team standings, a round's matches board by
board and a team's page are read on a 390 px phone. Screenshots in artifacts/screenshots/36/.

Run: .venv/bin/python -m pytest tests/browser/test_team_swiss.py
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from pairing.engine.teams import team_standings
from teams import adapters, services
from teams.models import BoardGame, Match, TeamCompetition
from tests.browser.test_arbiter_night import login, serialised_sqlite  # noqa: F401
from tests.teams.conftest import play_round
from tournaments.models import EventRole
from tournaments.services.events import event_create

expect.set_options(timeout=15_000)
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
KEYS = ["1", "=", "0", "1"]
RESULTS = {"1": "1-0", "=": "1/2", "0": "0-1"}


def players(t: int) -> str:
    return "\n".join(f"Player {t}.{b}, {2300 - 40 * t - 15 * b}" for b in range(1, 6))


@pytest.mark.browser
def test_an_eight_team_swiss(
    browser,
    serialised_sqlite,  # noqa: F811 (the fixture imported above)
    transactional_db,
    screenshot_dir,
    django_user_model,
):
    base = serialised_sqlite.url
    folder = screenshot_dir / "36"
    folder.mkdir(parents=True, exist_ok=True)
    olga = django_user_model.objects.create_user("olga", password="organiser-pass-1")
    arthur = django_user_model.objects.create_user("arthur", password="arbiter-pass-1")
    event = event_create(user=olga, name="Team weekend")
    EventRole.objects.create(event=event, user=arthur, role=EventRole.Role.ARBITER)

    # --- the organiser creates the competition and enters two teams on its page ------------
    org = browser.new_context(viewport=DESKTOP).new_page()
    login(org, base, "olga", "organiser-pass-1")
    org.goto(f"{base}/e/{event.pk}/teams/new/")
    org.fill("#id_name", "Club team cup")
    org.fill("#id_boards", "4")
    org.fill("#id_rounds", "5")
    org.screenshot(path=folder / "new-desktop.png", full_page=True)
    org.click("#competition-form button[type=submit]")
    expect(org).to_have_url(re.compile(r"/teams/\d+/$"))
    competition = TeamCompetition.objects.get(name="Club team cup")
    for t in (1, 2):
        org.fill("#id_name", f"Knights {t}")
        org.fill("#id_club", "Riverside")
        org.fill("#id_players", players(t))
        org.click("#team-form button[type=submit]")
        expect(org.locator(f"#team-{t}")).to_contain_text(f"Knights {t}")
    for t in range(3, 9):
        services.team_create(
            competition=competition,
            user=olga,
            name=f"Rooks {t}",
            players=[(f"Player {t}.{b}", 2300 - 40 * t - 15 * b, "") for b in range(1, 6)],
        )
    org.reload()
    org.screenshot(path=folder / "competition-desktop.png", full_page=True)

    # --- the chief arbiter pairs and publishes round 1 ---------------------------------------
    arb = browser.new_context(viewport=DESKTOP).new_page()
    login(arb, base, "arthur", "arbiter-pass-1")
    arb.goto(f"{base}/teams/{competition.pk}/")
    arb.click("#pair-next")
    expect(arb).to_have_url(re.compile(r"/rounds/1/$"))
    expect(arb.locator("#round-matches .match-link")).to_have_count(4)
    arb.click("#publish")
    expect(arb.locator("#publish")).to_have_count(0)
    arb.screenshot(path=folder / "round-desktop.png", full_page=True)
    rnd = competition.team_rounds.get(number=1)

    # --- a captain's link: out of board order refused, a reserve on board 4 accepted ----------
    knights = competition.teams.get(name="Knights 1")
    token = services.captain_link_issue(team=knights, user=olga)
    ks = list(knights.players.order_by("order"))
    cap = browser.new_context(viewport=PHONE).new_page()
    cap.goto(f"{base}/teams/captain/{token}/")
    cap.select_option("#id_board_1", str(ks[1].pk))
    cap.select_option("#id_board_2", str(ks[0].pk))
    cap.click("#lineup-form button[type=submit]")
    expect(cap.locator("#lineup-problems")).to_contain_text("Player 1.2")
    cap.screenshot(path=folder / "captain-refused-phone.png", full_page=True)
    cap.select_option("#id_board_1", str(ks[0].pk))
    cap.select_option("#id_board_2", str(ks[1].pk))
    cap.select_option("#id_board_4", str(ks[4].pk))
    cap.click("#lineup-form button[type=submit]")
    expect(cap.locator(".messages")).to_contain_text("Lineup saved")
    cap.screenshot(path=folder / "captain-phone.png", full_page=True)
    match = Match.objects.filter(round=rnd).filter(home=knights).first() or Match.objects.get(
        round=rnd, away=knights
    )
    side = "home_player" if match.home_id == knights.pk else "away_player"
    assert list(match.boards.order_by("board").values_list(side, flat=True)) == [
        ks[0].pk,
        ks[1].pk,
        ks[2].pk,
        ks[4].pk,
    ]

    # --- the arbiter sets another team's lineup: its first reserve plays board 3 --------------
    other = competition.teams.get(name="Knights 2")
    os_ = list(other.players.order_by("order"))
    arb.goto(f"{base}/teams/{competition.pk}/rounds/1/lineup/{other.pk}/")
    arb.select_option("#id_board_3", str(os_[3].pk))
    arb.select_option("#id_board_4", str(os_[4].pk))
    arb.click("#lineup-form button[type=submit]")
    expect(arb.locator(".messages")).to_contain_text("Lineup saved")

    # --- every board of round 1 by keyboard: 1, =, 0, 1, without a page load per key -----------
    # Each key sends its board through htmx: the row comes back in place (its data-result set),
    # the focus has moved on to the next open board, the page's URL stays as it was.
    for m in rnd.matches.order_by("number"):
        url = f"{base}/teams/{competition.pk}/matches/{m.pk}/"
        arb.goto(url)
        arb.wait_for_function("() => window.htmx !== undefined")
        arb.evaluate("window.__samePage = true")
        for board, key in enumerate(KEYS, start=1):
            expect(arb.locator(f"#board-{board}")).to_be_focused()
            arb.keyboard.press(key)
            expect(arb.locator(f"#board-{board}")).to_have_attribute("data-result", RESULTS[key])
        expect(arb.locator("#match-status")).to_contain_text("Complete")
        expect(arb.locator("#match-score")).not_to_have_text("0 – 0")
        assert arb.url == url and arb.evaluate("window.__samePage === true")
        if m.number == 1:
            arb.screenshot(path=folder / "match-desktop.png", full_page=True)
            phone = browser.new_context(viewport=PHONE, storage_state=arb.context.storage_state()).new_page()
            phone.goto(arb.url)
            phone.screenshot(path=folder / "match-phone.png", full_page=True)
    assert set(BoardGame.objects.filter(match__round=rnd).values_list("result", flat=True)) == {
        "1-0",
        "1/2",
        "0-1",
    }

    # --- rounds 2 to 5 through the services ----------------------------------------------------
    for _ in range(2, 6):
        play_round(services.round_pair(competition=competition, user=arthur), arthur)
    arb.goto(f"{base}/teams/{competition.pk}/")
    arb.screenshot(path=folder / "competition-final-desktop.png", full_page=True)

    # --- the public pages on a phone -----------------------------------------------------------
    pub = browser.new_context(viewport=PHONE).new_page()
    # From the event's public page (the hall's one link) to the team competition's standings.
    pub.goto(f"{base}/p/e/{event.public_token}/")
    pub.click("#event-sections a:has-text('Club team cup')")
    expect(pub).to_have_url(re.compile(rf"/p/teams/{competition.public_token}/$"))
    rows = pub.locator("#team-standings tbody tr")
    expect(rows).to_have_count(8)
    engine = team_standings(adapters.team_event(competition), ["EMGSB", "BH", "DE"])
    expect(rows.first).to_contain_text(engine[0].name)
    assert pub.evaluate("document.documentElement.scrollWidth") <= 390
    pub.screenshot(path=folder / "public-standings-phone.png", full_page=True)
    pub.goto(f"{base}/p/teams/{competition.public_token}/crosstable/")
    expect(pub.locator("#team-crosstable tbody tr")).to_have_count(8)
    pub.screenshot(path=folder / "public-crosstable-phone.png", full_page=True)
    pub.goto(f"{base}/p/teams/{competition.public_token}/boards/")
    expect(pub.locator("#board-ranking-1 tbody tr")).to_have_count(8)
    pub.screenshot(path=folder / "public-boards-phone.png", full_page=True)
    pub.goto(f"{base}/p/teams/{competition.public_token}/rounds/1/")
    expect(pub.locator(".match-card")).to_have_count(4)
    pub.screenshot(path=folder / "public-round-phone.png", full_page=True)
    pub.click("text=Knights 1 >> nth=0")
    expect(pub.locator("#team-players tbody tr")).to_have_count(5)
    pub.screenshot(path=folder / "public-team-phone.png", full_page=True)
    desk = browser.new_context(viewport=DESKTOP).new_page()
    for name, url in (
        ("public-standings-desktop", f"/p/teams/{competition.public_token}/"),
        ("public-round-desktop", f"/p/teams/{competition.public_token}/rounds/1/"),
        ("public-crosstable-desktop", f"/p/teams/{competition.public_token}/crosstable/"),
        ("public-boards-desktop", f"/p/teams/{competition.public_token}/boards/"),
        ("public-team-desktop", f"/p/teams/{competition.public_token}/teams/{knights.pk}/"),
    ):
        desk.goto(base + url)
        desk.screenshot(path=folder / f"{name}.png", full_page=True)
    for name, url in (
        ("competition-phone", f"/teams/{competition.pk}/"),
        ("round-phone", f"/teams/{competition.pk}/rounds/1/"),
    ):
        p2 = browser.new_context(viewport=PHONE, storage_state=arb.context.storage_state()).new_page()
        p2.goto(base + url)
        assert p2.evaluate("document.documentElement.scrollWidth") <= 390, name
        p2.screenshot(path=folder / f"{name}.png", full_page=True)
