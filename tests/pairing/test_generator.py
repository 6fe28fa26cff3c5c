"""The random tournament generator: the same seed gives the same file, and every option does what it says."""

from __future__ import annotations

import io
import random
from collections import Counter
from pathlib import Path

import pytest

from pairing.engine import cli
from pairing.engine.errors import InvalidRequestError
from pairing.engine.generator import (
    GeneratorConfig,
    _decide,
    _result,
    expected_score,
    generate,
    generate_trf,
    parse_config,
)
from pairing.engine.trf import TrfTournament, parse_trf
from pairing.engine.types import ResultCode

QUIET = dict(
    half_byes="0",
    full_byes="0",
    zero_byes="0",
    forfeits=0.0,
    double_forfeits=0.0,
    unusual=0.0,
    retired_rate=0,
    unrated_share=0.0,
    baku=False,
)
"""No byes, forfeits, odd results, withdrawals, unrated players or acceleration: one option at a time."""


def small(**values: object) -> GeneratorConfig:
    return GeneratorConfig(**{"players": 14, "rounds": 5, **QUIET, **values})  # type: ignore[arg-type]


def codes(t: TrfTournament) -> Counter[str]:
    return Counter(r.result.value for p in t.players for r in p.records)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_same_seed_same_bytes_and_another_seed_another_tournament() -> None:
    assert generate_trf(GeneratorConfig(), 42) == generate_trf(GeneratorConfig(), 42)
    assert generate_trf(GeneratorConfig(), 42) != generate_trf(GeneratorConfig(), 43)


def test_cli_seed_gives_byte_identical_files(tmp_path: Path) -> None:
    a, b = tmp_path / "a.trf", tmp_path / "b.trf"
    assert run("--dutch", "-g", "-o", str(a), "-s", "9")[0] == 0
    assert run("--dutch", "-g", "-o", str(b), "-s", "9")[0] == 0
    assert a.read_bytes() == b.read_bytes()
    assert b"142 " in a.read_bytes() and b"\r001 " in a.read_bytes()  # TRF-2026, CR line ends


def test_unspecified_parameters_are_drawn_from_the_seed() -> None:
    plans = {
        (p.players, p.rounds, p.tiebreaks)
        for p in (_decide(GeneratorConfig(), random.Random(s)) for s in range(30))
    }
    assert len(plans) > 20


def test_giving_one_value_keeps_the_others_a_seed_draws() -> None:
    free = _decide(GeneratorConfig(), random.Random(3))
    fixed = _decide(GeneratorConfig(players=50), random.Random(3))
    assert fixed.players == 50 and (fixed.draw, fixed.tiebreaks, fixed.highest) == (
        free.draw,
        free.tiebreaks,
        free.highest,
    )


def test_drawn_rounds_fit_a_given_field() -> None:
    assert all(_decide(GeneratorConfig(players=8), random.Random(s)).rounds <= 5 for s in range(40))


def test_players_rounds_and_ratings() -> None:
    t = generate(small(players=9, rounds=4, highest_rating=2100, lowest_rating=1900), 1)
    assert len(t.players) == 9 and t.total_rounds == 4
    assert all(len(p.records) == 4 for p in t.players)
    assert all(1900 <= p.rating <= 2100 for p in t.players)
    assert [p.rating for p in t.players] == sorted((p.rating for p in t.players), reverse=True)


def test_unrated_players_come_last() -> None:
    t = generate(small(unrated_share=0.5), 2)
    ratings = [p.rating for p in t.players]
    assert 0 in ratings and ratings.index(0) == len(ratings) - ratings.count(0)


@pytest.mark.parametrize(("key", "code"), [("half_byes", "H"), ("full_byes", "F"), ("zero_byes", "Z")])
def test_byes_as_a_number(key: str, code: str) -> None:
    assert codes(generate(small(**{key: "3"}), 4))[code] == 3


def test_byes_as_a_share_and_per_round() -> None:
    t = generate(small(players=20, half_byes="50%"), 5)
    assert 20 <= codes(t)["H"] <= 80  # 100 player-rounds at one in two
    t = generate(small(half_byes="2:3,4:1"), 5)
    by_round = Counter(
        i + 1 for p in t.players for i, r in enumerate(p.records) if r.result is ResultCode.HALF_BYE
    )
    assert by_round == {2: 3, 4: 1}


def test_round_one_absentees_and_withdrawals() -> None:
    t = generate(small(zero_byes="1:2"), 6)
    assert sum(p.records[0].result is ResultCode.ZERO_BYE for p in t.players) == 2
    t = generate(small(players=20, retired_rate=2), 6)
    withdrawn = [p for p in t.players if p.records[-1].result is ResultCode.ZERO_BYE]
    assert withdrawn and all(r.result is ResultCode.ZERO_BYE for p in withdrawn for r in p.records[-1:])


def test_forfeits_and_double_forfeits() -> None:
    found = codes(generate(small(forfeits=1.0), 7))
    assert found["+"] == found["-"] > 0 and not found["1"] and not found["="]
    found = codes(generate(small(double_forfeits=1.0), 7))
    assert found["-"] > 0 and not found["+"] and not found["1"]


def test_unusual_results() -> None:
    t = generate(small(unusual=1.0), 8)
    pairs = Counter()
    for p in t.players:
        for i, r in enumerate(p.records):
            if r.opponent is not None and r.colour is not None and r.colour.value == "w":
                pairs[(r.result.value, t.player(r.opponent).records[i].result.value)] += 1
    assert set(pairs) <= {("=", "0"), ("0", "="), ("0", "0")} and len(pairs) >= 2


def test_baku_writes_virtual_points() -> None:
    text = generate_trf(small(players=16, rounds=6, baku=True), 9)
    assert "192 FIDE_DUTCH_BAKU" in text and "\r250 " in text
    t = parse_trf(text)
    assert t.player(1).accelerations and not t.player(16).accelerations


def test_tiebreak_list_and_ranks() -> None:
    text = generate_trf(small(tiebreaks="SB,BH/C1"), 10)
    assert "\r202 SB,BH/C1\r" in text and "\r212 PTS,SB,BH/C1\r" in text
    t = parse_trf(text)
    assert sorted(p.rank for p in t.players) == list(range(1, 15))
    assert "202 " not in generate_trf(small(tiebreaks="none"), 10)


def test_point_system() -> None:
    text = generate_trf(small(points_win=3, points_draw=1), 11)
    assert "162 " in text and parse_trf(text).scoring.win == 6


def test_bbp_config_file_and_set_flags(tmp_path: Path) -> None:
    config = tmp_path / "config.txt"
    config.write_text(
        "# bbpPairings keys\nPlayersNumber=10\nRoundsNumber=3\nDrawPercentage=40\nForfeitRate=1000000000\n"
    )
    out = tmp_path / "t.trf"
    status, _, err = run(
        "--dutch", "-g", str(config), "-o", str(out), "-s", "3", "--set", "TieBreaks=BH", "--set", "Baku=0"
    )
    assert status == 0, err
    t = parse_trf(out.read_text())
    assert len(t.players) == 10 and t.total_rounds == 3 and t.tiebreaks == "BH"
    assert parse_config("HalfPointByeRate=20").half_bye_rate == 20
    with pytest.raises(InvalidRequestError, match="KEY=VALUE"):
        parse_config("Players=3")
    with pytest.raises(InvalidRequestError, match="HalfPointByes"):
        parse_config("HalfPointByes=x:3")


def test_model_file_gives_players_and_rounds(tmp_path: Path) -> None:
    model = tmp_path / "model.trf"
    model.write_text(generate_trf(small(players=8, rounds=3), 1), newline="")
    out = tmp_path / "t.trf"
    assert run("--dutch", str(model), "-g", "-o", str(out), "-s", "4")[0] == 0
    t = parse_trf(out.read_text())
    assert len(t.players) == 8 and t.total_rounds == 3


def test_count_writes_a_folder(tmp_path: Path) -> None:
    status, out, _ = run(
        "--dutch", "-g", "-o", str(tmp_path / "many"), "-s", "20", "--count", "3", "--set", "PlayersNumber=8"
    )
    assert status == 0 and sorted(p.name for p in (tmp_path / "many").iterdir()) == [
        f"gen_{s}.trf" for s in (20, 21, 22)
    ]


def test_fide_expected_score_table() -> None:
    assert expected_score(2000, 2000) == 0.5
    assert expected_score(2010, 2000) == 0.51 and expected_score(2011, 2000) == 0.52
    assert expected_score(2400, 2000) == 0.92 and expected_score(2800, 2000) == 0.92  # 400-point rule
    assert expected_score(2000, 2400) == pytest.approx(0.08)


def test_results_follow_the_expected_score() -> None:
    """Mean score of the higher-rated side equals E (so ratings are neutral), with draws as the model says."""
    plan = _decide(small(draw_percentage=40), random.Random(1))
    rng = random.Random(2)
    strength = {1: 2200, 2: 2000}
    scores = Counter(_result(1, 2, strength, plan, rng)[0] for _ in range(40000))
    mean = (scores[ResultCode.WIN] + scores[ResultCode.DRAW] / 2) / 40000
    e = expected_score(2200, 2000)
    assert mean == pytest.approx(e, abs=0.01)
    assert scores[ResultCode.DRAW] / 40000 == pytest.approx(0.4 * 2 * (1 - e), abs=0.01)


def test_unrated_rating_ranks_with_it_and_says_so() -> None:
    """``UnratedRating``: the ranks count unrated opponents at that rating in ARO (C.07 Art. 10) and a
    ``###`` line says so, so that a checker ranks the same way; without the key nothing changes."""
    from dataclasses import replace

    from pairing.engine.checker import check_tournament

    plain = generate(GeneratorConfig(), 111689)  # 104 players, one of them unrated, ARO listed
    counted = generate(GeneratorConfig(unrated_rating=1400), 111689)
    assert plain.unrated_rating is None and counted.unrated_rating == 1400
    assert [p.records for p in plain.players] == [p.records for p in counted.players]
    assert [p.rank for p in plain.players] != [p.rank for p in counted.players]
    assert not check_tournament(counted, standings=True).findings
    unsaid = replace(counted, comments=plain.comments)  # the same ranks, the line left out
    assert any(f.kind == "standings" for f in check_tournament(unsaid).findings)
    assert parse_config("UnratedRating=1400").unrated_rating == 1400
