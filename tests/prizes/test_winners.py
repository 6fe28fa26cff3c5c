"""The winners through the app: the final standings from the read model, the list's groups and
rules from the database, the engine's allocation, the arithmetic shown, the treasurer's CSV."""

from __future__ import annotations

import csv
import io

import pytest

from pairing.standings import placings, standings_for_tournament
from prizes import selectors
from prizes.services.lists import PrizeRow, prize_group_save, prize_list_update

pytestmark = pytest.mark.django_db


def _rules(t, user, **over):
    values = {"sharing": "hort", "precedence": "value", "one_prize_per_player": True, "unit_cents": 1}
    values.update(over)
    prize_list_update(tournament=t, user=user, **values)


def _top_three(t):
    result = standings_for_tournament(t, breakdowns=False)
    return [row.name for row, _place, _lot in placings(t, result)][:3]


def test_hort_split_among_three_tied_players_matches_the_arithmetic(finished, organiser):
    # Overall prizes 300, 200, 100; the three Whites are level on 1 point in places 1-3.
    # Hort: each keeps half of their own place's money (150, 100, 50); the other half of the
    # three places, (300 + 200 + 100) / 2 = 300, is shared equally: 300 / 3 = 100 each.
    # 1st 150 + 100 = 250, 2nd 100 + 100 = 200, 3rd 50 + 100 = 150; together 600.
    _rules(finished, organiser)
    prize_group_save(
        tournament=finished,
        user=organiser,
        name="Overall",
        kind="overall",
        prizes=[PrizeRow(30000), PrizeRow(20000), PrizeRow(10000)],
    )
    result = selectors.winners(finished)
    assert result.final
    rows = result.groups[0].rows
    assert [r.name for r in rows] == _top_three(finished)
    assert [r.cents for r in rows] == [25000, 20000, 15000]
    assert [r.money for r in rows] == ["250.00 EUR", "200.00 EUR", "150.00 EUR"]
    assert all(r.shared for r in rows)
    assert result.total_cents == 60000
    (note,) = result.groups[0].notes
    assert "150.00 EUR, 100.00 EUR, 50.00 EUR" in note
    assert "300.00 EUR" in note and "100.00 EUR each" in note


def test_hort_rounded_to_whole_units_by_the_largest_remainder(finished, organiser):
    # 100, 60, 40 in whole euros: kept 50, 30, 20; shared (100 + 60 + 40) / 2 / 3 = 33.33 each;
    # exact 83.33, 63.33, 53.33; whole euros 83, 63, 53 make 199, so the one euro left goes to the
    # largest remainder, and with three equal remainders (0.33) to the best place: 84, 63, 53 = 200.
    _rules(finished, organiser, unit_cents=100)
    prize_group_save(
        tournament=finished,
        user=organiser,
        name="Overall",
        kind="overall",
        prizes=[PrizeRow(10000), PrizeRow(6000), PrizeRow(4000)],
    )
    result = selectors.winners(finished)
    assert [r.cents for r in result.groups[0].rows] == [8400, 6300, 5300]
    assert result.total_cents == 20000
    assert "83.33 EUR, 63.33 EUR, 53.33 EUR" in result.groups[0].notes[0]
    assert "84.00 EUR, 63.00 EUR, 53.00 EUR" in result.groups[0].notes[0]


def test_one_prize_per_player_by_value_and_by_priority(finished, organiser):
    # Riverside members: Ada Alpha (2100) and Cleo Charlie (1800). The tie-break order of the
    # three winners decides who is first overall; whoever of them is best placed among Riverside's
    # members can win both the overall prize (50) and the club's prize (80): by value they keep the
    # club's, by priority (overall listed first) the overall one.
    _rules(finished, organiser, sharing="tiebreak")
    prize_group_save(
        tournament=finished, user=organiser, name="Overall", kind="overall", prizes=[PrizeRow(5000)]
    )
    prize_group_save(
        tournament=finished,
        user=organiser,
        name="Best Riverside",
        kind="club",
        club_name="Riverside",
        prizes=[PrizeRow(8000)],
    )
    standings = standings_for_tournament(finished, breakdowns=False)
    order = [row.name for row, _p, _l in placings(finished, standings)]
    first = order[0]
    riverside = [n for n in order if n in ("Ada Alpha", "Cleo Charlie")]

    by_value = selectors.winners(finished)
    overall, club = by_value.groups
    if first == riverside[0]:
        # The first player is Riverside's best: by value they take the club's 80, the overall 50
        # goes to the second.
        assert club.rows[0].name == first and club.rows[0].cents == 8000
        assert overall.rows[0].name == order[1]
    else:
        assert overall.rows[0].name == first
        assert club.rows[0].name == riverside[0]

    _rules(finished, organiser, sharing="tiebreak", precedence="priority")
    by_priority = selectors.winners(finished)
    overall, club = by_priority.groups
    assert overall.rows[0].name == first
    assert club.rows[0].name == next(n for n in riverside if n != first)


def test_the_treasurers_csv_adds_up_to_the_cent(finished, organiser, organiser_client):
    _rules(finished, organiser, sharing="equal", unit_cents=100, one_prize_per_player=False)
    prize_group_save(
        tournament=finished,
        user=organiser,
        name="Overall",
        kind="overall",
        prizes=[PrizeRow(10000), PrizeRow(5000), PrizeRow(2500, "Trophy")],
    )
    prize_group_save(
        tournament=finished, user=organiser, name="Under 16", kind="under", age=16, prizes=[PrizeRow(1001)]
    )
    prize_group_save(
        tournament=finished,
        user=organiser,
        name="Best club",
        kind="best_club",
        club_count=2,
        prizes=[PrizeRow(3000)],
    )
    response = organiser_client.get(f"/prizes/sections/{finished.pk}/winners.csv")
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    body, total = rows[1:-1], rows[-1]
    paid = sum(round(float(r[5]) * 100) for r in body)
    assert total[0] == "Total" and round(float(total[5]) * 100) == paid
    # Every prize was taken: 100 + 50 + 25 (175 shared equally in whole euros) + 10.01 + 30.
    assert paid == 10000 + 5000 + 2500 + 1001 + 3000
    assert sorted(round(float(r[5]) * 100) for r in body[:3]) == [5800, 5800, 5900]
    assert any(r[7] == "Trophy" for r in body)
    assert any(r[0] == "Best club" and r[2] in ("Riverside", "Hilltop") for r in body)


def test_an_event_list_pools_its_sections(finished, organiser):
    """Two sections: A (the six of the fixture, three on 1 point) and B (two players, one on 1
    point). The event's list ranks by points, then the sections' order, then the place in the
    section: A's three leaders, then B's winner; every row names its section."""
    from tests.prizes.conftest import play_round
    from tournaments.models import EventRole
    from tournaments.services.events import section_add
    from tournaments.services.participants.registration import participant_register

    event = finished.event
    EventRole.objects.create(event=event, user=organiser, role="organiser")
    b = section_add(event=event, user=organiser, name="Open B", rounds_planned=1)
    for name in ("Zoe Zulu", "Yan Yankee"):
        participant_register(tournament=b, user=organiser, name=name, rating=1200)
    play_round(b, organiser)
    prize_list_update(
        event=event,
        user=organiser,
        sharing="tiebreak",
        precedence="value",
        one_prize_per_player=True,
        unit_cents=1,
    )
    prize_group_save(
        event=event,
        user=organiser,
        name="Overall",
        kind="overall",
        prizes=[PrizeRow(400), PrizeRow(300), PrizeRow(200), PrizeRow(100)],
    )
    result = selectors.winners(event)
    assert result.final
    rows = result.groups[0].rows
    assert [r.name for r in rows[:3]] == _top_three(finished)
    assert [r.section for r in rows] == [finished.name] * 3 + ["Open B"]
    assert [r.standing for r in rows] == [1, 2, 3, 4]
    winner_b = b.participants.get(pk__in=[row.white_id for row in b.rounds.get().boards.all()])
    assert rows[3].name == winner_b.name
    csv_rows = selectors.treasurer_rows(result)
    assert csv_rows[-1][5] == "10.00" and csv_rows[4][-1] == "Open B"


def test_an_expelled_player_wins_no_prize_and_the_next_one_moves_up(finished, organiser):
    """Issue 34, Q197-198: an expelled player has no place, so no prize; the prizes go to the ranked players."""
    from tournaments.models import Participant
    from tournaments.services.participants.expulsions import participant_expel

    _rules(finished, organiser)
    prize_group_save(
        tournament=finished, user=organiser, name="Overall", kind="overall", prizes=[PrizeRow(10000)]
    )
    top = _top_three(finished)
    first = Participant.objects.get(tournament=finished, name=top[0])
    participant_expel(participant=first, user=organiser, reason="Cheating")
    rows = selectors.winners(finished).groups[0].rows
    assert rows and first.name not in {r.name for r in rows}
    assert first.name not in _top_three(finished)
    expelled = Participant.objects.get(pk=first.pk)
    assert expelled.withdrawn_from_round == 2  # after the last round: nothing left to pair
