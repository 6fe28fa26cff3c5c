"""STD (C.07 2026 Art. 7.7), TPN (7.8) and RTNG (10.6), hand-computed, and their agreement with Gacrux.

A four-player, three-round Swiss scored 3 / 1 / 0 (``Scoring(win=6, draw=2, loss=0)``):

     rating  R1              R2              R3                  points  STD
A 1  2000    W B 1-0         B C 1/2         W D +- (forfeit)    3+1+3=7 1+½+1 = 2.5
B 2  1900    B A 0-1         W D ½-0 (odd)   H (half-point bye)  0+1+1=2 0+1+½ = 1.5
C 3  2100    B D 1/2         W A 1/2         Z (absent)          1+1+0=2 ½+½+0 = 1.0
D 4  1800    W C 1/2         B B 0-½ (odd)   B A -+ (forfeit)    1+0+0=1 ½+0+0 = 0.5

B's ½-0 over the board counts 1 (more than the scheduled opponent's 0); the half-point bye counts ½ (a
draw's points without playing); C's absence 0.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from pairing.engine.generator import generate_trf, parse_config
from pairing.engine.standings import StandingsRequest, _request_from_trf, compute_standings
from pairing.engine.tiebreaks import TIEBREAKS, TournamentTiebreaks, validate_tiebreaks
from pairing.engine.trf import decode_trf, parse_trf
from pairing.engine.types import Colour, Participant, ResultCode, RoundRecord, Scoring

R = ResultCode
W, B = Colour.WHITE, Colour.BLACK
THREE_ONE_ZERO = Scoring(win=6, draw=2, loss=0)


def players(ratings: tuple[int, int, int, int] = (2000, 1900, 2100, 1800)) -> tuple[Participant, ...]:
    histories = {
        1: (RoundRecord(R.WIN, 2, W), RoundRecord(R.DRAW, 3, B), RoundRecord(R.FORFEIT_WIN, 4, W)),
        2: (RoundRecord(R.LOSS, 1, B), RoundRecord(R.DRAW, 4, W), RoundRecord(R.HALF_BYE)),
        3: (RoundRecord(R.DRAW, 4, B), RoundRecord(R.DRAW, 1, W), RoundRecord(R.ZERO_BYE)),
        4: (RoundRecord(R.DRAW, 3, W), RoundRecord(R.LOSS, 2, B), RoundRecord(R.FORFEIT_LOSS, 1, B)),
    }
    return tuple(
        Participant(id=i, tpn=i, rating=ratings[i - 1], name="ABCD"[i - 1], history=histories[i])
        for i in range(1, 5)
    )


def values(code: str, *, unrated_rating: int | None = None, ratings=(2000, 1900, 2100, 1800)) -> list[str]:
    t = TournamentTiebreaks(players(ratings), 3, scoring=THREE_ONE_ZERO, unrated_rating=unrated_rating)
    return [t.value(pid, code).display for pid in (1, 2, 3, 4)]


def test_the_2026_codes_are_in_the_table_with_their_articles() -> None:
    rows = {info.code: info.article for info in TIEBREAKS}
    assert {code: rows[code] for code in ("STD", "TPN", "TPN-R", "RTNG", "RTNG-R")} == {
        "STD": "7.7",
        "TPN": "7.8",
        "TPN-R": "7.8",
        "RTNG": "10.6",
        "RTNG-R": "10.6",
    }
    assert validate_tiebreaks(["std", "tpn-r", "RTNG"]) == ("STD", "TPN-R", "RTNG")


def test_standard_points_count_won_rounds_1_and_level_rounds_half() -> None:
    assert values("STD") == ["2.5", "1.5", "1.0", "0.5"]


def test_standard_points_breakdown_names_the_comparison() -> None:
    t = TournamentTiebreaks(players(), 3, scoring=THREE_ONE_ZERO)
    lines = [p.label for p in t.value(2, "STD").parts]
    assert lines == ["round 2: 1.0 against 0.0 for D", "round 3: 1.0 against 1.0 for a draw, without playing"]


def test_a_double_forfeit_counts_nothing_and_a_played_zero_zero_counts_half() -> None:
    forfeits = (
        Participant(1, 1, history=(RoundRecord(R.FORFEIT_LOSS, 2, W),)),
        Participant(2, 2, history=(RoundRecord(R.FORFEIT_LOSS, 1, B),)),
    )
    losses = (
        Participant(1, 1, history=(RoundRecord(R.LOSS, 2, W),)),
        Participant(2, 2, history=(RoundRecord(R.LOSS, 1, B),)),
    )
    assert TournamentTiebreaks(forfeits, 1).value(1, "STD").value == 0
    assert TournamentTiebreaks(losses, 1).value(1, "STD").value == Fraction(1, 2)


def test_tpn_ranks_the_lower_pairing_number_first_and_tpn_r_the_higher() -> None:
    assert values("TPN") == ["1", "2", "3", "4"]
    t = TournamentTiebreaks(players(), 3, scoring=THREE_ONE_ZERO)
    assert t.value(2, "TPN").value > t.value(3, "TPN").value
    assert t.value(2, "TPN-R").value < t.value(3, "TPN-R").value


def test_rtng_ranks_the_higher_rating_first_and_rtng_r_the_lower() -> None:
    assert values("RTNG") == ["2000", "1900", "2100", "1800"]
    t = TournamentTiebreaks(players(), 3, scoring=THREE_ONE_ZERO)
    assert t.value(3, "RTNG").value > t.value(2, "RTNG").value
    assert t.value(3, "RTNG-R").value < t.value(2, "RTNG-R").value


def test_rtng_with_an_unrated_player_needs_the_tournament_s_rating_for_them() -> None:
    # C.07 Art. 10: without a rating announced for unrated players, the tie-break separates nobody.
    assert values("RTNG", ratings=(2000, 0, 2100, 1800)) == ["0", "0", "0", "0"]
    assert values("RTNG", ratings=(2000, 0, 2100, 1800), unrated_rating=1950) == [
        "2000",
        "1950",
        "2100",
        "1800",
    ]


def test_standings_break_ties_with_std_then_rtng_then_tpn() -> None:
    # B and C are level on 2 points (3/1/0): STD puts B (1.5) above C (1.0).
    table = compute_standings(
        StandingsRequest(players(), 3, tiebreaks=("STD",), scoring=THREE_ONE_ZERO, unplayed="fide-2026")
    )
    assert [row.name for row in table.rows] == ["A", "B", "C", "D"]
    assert table.row(2).decided_by == "STD"
    # With only RTNG, C (2100) goes above B (1900); with TPN-R, C (3) above B (2) too; with TPN, B first.
    for codes, order in (
        (("RTNG",), "ACBD"),
        (("TPN-R",), "ACBD"),
        (("TPN",), "ABCD"),
        (("RTNG-R",), "ABCD"),
    ):
        table = compute_standings(StandingsRequest(players(), 3, tiebreaks=codes, scoring=THREE_ONE_ZERO))
        assert "".join(row.name for row in table.rows) == order, codes
        assert table.lots == ()


GACRUX_CONFIG = parse_config(
    "\n".join(
        [
            "PlayersNumber=16",
            "RoundsNumber=6",
            "PointsForWin=1",
            "PointsForDraw=0.5",
            "PointsForLoss=0",
            "PointsForZPB=0",
            "PointsForForfeitLoss=0",
            "PointsForPAB=1",
            "Forfeits=8%",
            "DoubleForfeits=3%",
            "UnusualResults=0",
            "UnratedShare=0",
            "Baku=0",
            "TieBreaks=STD,RTNG,TPN",
        ]
    )
)


def gacrux_values(path: Path, out: Path, monkeypatch: pytest.MonkeyPatch) -> dict[int, dict[str, str]]:
    """Gacrux's tie-break checker, in this process: start number -> code -> value text."""
    from gacrux.tiebreakchecker import tiebreakchecker

    argv = ["tiebreakchecker", "-i", str(path), "-s", "-F", "TXT", "-o", str(out)]
    monkeypatch.setattr(sys, "argv", [*argv, "-t", "STD", "RTNG", "TPN"])
    tiebreakchecker().common_main()
    lines = [line.split("\t") for line in out.read_text().splitlines() if line.strip()]
    header = lines[0]
    rows = [dict(zip(header, cells, strict=False)) for cells in lines[1:] if cells[0].strip().isdigit()]
    return {int(row["StartNo"]): row for row in rows}


def test_std_rtng_and_tpn_agree_with_gacrux(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without unusual results (where C.07 7.7 and Gacrux part, see the module docstring of
    ``pairing.engine.tiebreaks.own_data``), every value is Gacrux's."""
    pytest.importorskip("gacrux")
    differences: list[str] = []
    unplayed = 0
    for seed in (21, 22, 23, 24):
        path = tmp_path / f"t{seed}.trf"
        path.write_text(generate_trf(GACRUX_CONFIG, seed), newline="")
        theirs = gacrux_values(path, tmp_path / f"t{seed}.txt", monkeypatch)
        request = _request_from_trf(parse_trf(decode_trf(path.read_bytes())), ("STD",), "fide-2026", 0)
        t = TournamentTiebreaks(request.participants, request.rounds, regime="fide-2026")
        assert set(theirs) == set(t.by_id), seed
        for p in request.participants:
            unplayed += sum(not rec.result.played for rec in p.history[: request.rounds])
            row = theirs[p.id]
            header = {key.strip().upper(): value for key, value in row.items()}
            for code in ("STD", "RTNG", "TPN"):
                ours = t.value(p.id, code, explain=False).display
                if Fraction(ours) != Fraction(header[code].strip()):
                    differences.append(
                        f"seed {seed} player {p.id} {code}: ours {ours}, gacrux {header[code]}"
                    )
    assert differences == []
    assert unplayed >= 10, unplayed
