"""Expelled participants (endorsement checklist Q197-198): no rank, the others ranked as if they were not in the
list, their games still counting for their opponents' scores and tie-breaks (C.07 16.1/16.3, C.06 V.5).

The six-player cycle of ``test_standings``: A, B and C (2 points each) beat each other in a cycle; Y leads on 3.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.checker import check_tournament
from pairing.engine.errors import InvalidRequestError
from pairing.engine.standings import StandingsRequest, compute_standings, standings_csv
from pairing.engine.trf import TrfPlayer, expelled_comment, parse_trf, write_trf
from pairing.engine.trf.model import TrfTournament

from .test_standings import CYCLE, A, B, C, X, Y, Z, names


def test_an_expelled_player_gets_no_rank_and_the_others_close_up() -> None:
    full = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("BH", "SB")))
    table = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("BH", "SB"), expelled=frozenset({Y})))
    assert "Y" not in names(table)
    assert [row.rank for row in table.rows] == [1, 2, 3, 4, 5]
    assert names(table) == [n for n in names(full) if n != "Y"]
    (gone,) = table.expelled
    assert (gone.id, gone.rank, gone.expelled, gone.points_display) == (Y, 0, True, "3.0")
    assert table.row(Y) is gone


def test_games_against_the_expelled_player_still_count_for_the_opponents() -> None:
    # A drew Y in round 2: A's Buchholz keeps Y's 3 points (8.5 = C 2 + Y 3 + B 2 + Z 1.5), and A's
    # Sonneborn-Berger Y's half of it.
    full = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("BH", "SB")))
    table = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("BH", "SB"), expelled=frozenset({Y})))
    for pid in (A, B, C, X, Z):
        assert table.row(pid).tiebreaks == full.row(pid).tiebreaks
        assert table.row(pid).points == full.row(pid).points
    assert table.row(A).tiebreaks[0].display == "8.5"


def test_direct_encounter_is_among_the_players_still_in_the_list() -> None:
    # A, B, C level on 2: the cycle leaves DE undecided (lots). With C expelled only A and B are level, and
    # B beat A in round 3: DE puts B first, no lot.
    full = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("DE",), seed=3))
    assert {A, B, C} in [set(group) for group in full.lots]
    table = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("DE",), seed=3, expelled=frozenset({C})))
    assert names(table)[:3] == ["Y", "B", "A"]
    assert table.row(B).decided_by == "DE" and not table.row(B).by_lot
    assert all(C not in group for group in table.lots)


def test_an_unknown_expelled_id_is_refused() -> None:
    with pytest.raises(InvalidRequestError, match="expelled participant"):
        compute_standings(StandingsRequest(CYCLE, 4, expelled=frozenset({99})))


def test_the_trf_comment_marks_the_player_and_the_checker_and_csv_leave_them_out() -> None:
    assert expelled_comment(5, "Y", 3) == " Expelled from round 3: 5 Y"
    assert TrfTournament(comments=(expelled_comment(5, "Y", 3), " other")).expelled == {5: 3}
    # Ranks as the app writes them: the ranked ones 1-5, the expelled player after them.
    table = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("BH", "SB"), expelled=frozenset({Y})))
    rank = {row.id: row.rank for row in table.rows} | {Y: 6}
    base = trf_from_request_like(rank)
    marked = parse_trf(write_trf(replace(base, comments=(expelled_comment(Y, "Y", 5),))))
    assert marked.expelled == {Y: 5}
    report = check_tournament(marked, rounds=())
    assert report.standings_checked and not report.findings, report.findings
    # Without the line the same file is wrong: Y (3 points) is ranked 6th.
    bare = parse_trf(write_trf(base))
    assert any(f.subject == f"player {Y}" for f in check_tournament(bare, rounds=()).findings)
    csv_rows = standings_csv(marked, ["BH", "SB"], "virtual-opponent").splitlines()[1:]
    assert len(csv_rows) == 5 and all(",Y," not in line for line in csv_rows)


def trf_from_request_like(rank: dict[int, int]) -> TrfTournament:
    """The cycle as a TRF tournament with a tie-break list (202 BH,SB) and the given ranks."""
    players = tuple(
        TrfPlayer(id=p.id, name=p.name, rating=p.rating, rank=rank[p.id], records=p.history) for p in CYCLE
    )
    return replace(TrfTournament(players=players, total_rounds=4), tiebreaks="BH,SB")
