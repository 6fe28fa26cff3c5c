"""Ranking: tie-breaks per still-tied subgroup (C.07 4.2), direct encounter (Art. 6), the drawing of lots,
round robins, bad input, and the CSV the command line prints.

Most tests use one six-player, four-round Swiss (no rematches, every game played):

     R1          R2          R3          R4          points
A    W C 1-0     W Y 1/2     B B 0-1     W Z 1/2     2.0
B    W X 1/2     B C 0-1     W A 1-0     W Y 1/2     2.0
C    B A 0-1     W B 1-0     W Z 1/2     W X 1/2     2.0
X    B B 1/2     W Z 1/2     B Y 0-1     B C 1/2     1.5
Y    W Z 1-0     B A 1/2     W X 1-0     B B 1/2     3.0
Z    B Y 0-1     B X 1/2     B C 1/2     B A 1/2     1.5

A, B and C beat each other in a cycle (A > C > B > A), so direct encounter cannot split the three.
Buchholz: A = C 2 + Y 3 + B 2 + Z 1.5 = 8.5; B = X 1.5 + C 2 + A 2 + Y 3 = 8.5; C = A 2 + B 2 + Z 1.5 + X 1.5
= 7.0; X = B 2 + Z 1.5 + Y 3 + C 2 = 8.5; Y = 1.5 + 2 + 1.5 + 2 = 7.0; Z = Y 3 + X 1.5 + C 2 + A 2 = 8.5.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pairing.engine.errors import InvalidRequestError, PairingError
from pairing.engine.standings import StandingsRequest, compute_standings, standings_csv
from pairing.engine.tiebreaks import (
    ROUND_ROBIN_DEFAULT,
    SWISS_DEFAULT,
    TIEBREAKS,
    TiebreakNotAllowedError,
    TournamentTiebreaks,
    UnknownTiebreakError,
    tiebreak_choices,
)
from pairing.engine.types import Colour, Participant, ResultCode, RoundRecord

R = ResultCode
_GAME = {
    "1-0": (R.WIN, R.LOSS),
    "0-1": (R.LOSS, R.WIN),
    "1/2": (R.DRAW, R.DRAW),
    "+-": (R.FORFEIT_WIN, R.FORFEIT_LOSS),
}


def tournament(names: str, games: list[tuple[int, str, str, str]]) -> tuple[Participant, ...]:
    """Participants named by letters (id = tpn = position) from (round, white, black, result) games."""
    ids = {name: i for i, name in enumerate(names, start=1)}
    recs: dict[str, dict[int, RoundRecord]] = {n: {} for n in names}
    for rnd, white, black, result in games:
        w, b = _GAME[result]
        recs[white][rnd] = RoundRecord(w, ids[black], Colour.WHITE)
        recs[black][rnd] = RoundRecord(b, ids[white], Colour.BLACK)
    rounds = max(rnd for rnd, *_ in games)
    return tuple(
        Participant(
            id=ids[n],
            tpn=ids[n],
            name=n,
            rating=2000 - 50 * ids[n],
            history=tuple(recs[n].get(r, RoundRecord(R.ZERO_BYE)) for r in range(1, rounds + 1)),
        )
        for n in names
    )


CYCLE = tournament(
    "ABCXYZ",
    [
        (1, "A", "C", "1-0"),
        (1, "B", "X", "1/2"),
        (1, "Y", "Z", "1-0"),
        (2, "C", "B", "1-0"),
        (2, "A", "Y", "1/2"),
        (2, "X", "Z", "1/2"),
        (3, "B", "A", "1-0"),
        (3, "C", "Z", "1/2"),
        (3, "Y", "X", "1-0"),
        (4, "A", "Z", "1/2"),
        (4, "B", "Y", "1/2"),
        (4, "C", "X", "1/2"),
    ],
)
A, B, C, X, Y, Z = range(1, 7)


def names(standings: object) -> list[str]:
    return [row.name for row in standings.rows]  # type: ignore[attr-defined]


def test_direct_encounter_is_computed_inside_the_group_the_earlier_tiebreak_left() -> None:
    # BH splits {A, B} (8.5) from C (7.0); DE between A and B alone: B won in round 3.
    standings = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("BH", "DE")))
    assert names(standings)[:4] == ["Y", "B", "A", "C"]
    b = standings.row(B)
    de = b.tiebreaks[1]
    assert (de.code, de.display) == ("DE", "1.0")
    assert de.notes[0] == "among the 2 tied: A, B"
    assert "order by direct encounter: B > A" in de.notes
    assert standings.row(C).tiebreaks[1].notes == ("no tie left to break",)
    assert not b.by_lot and b.decided_by == "BH"


def test_direct_encounter_first_cannot_split_a_cycle() -> None:
    # DE over {A, B, C}: one point each; BH then splits C off; A and B stay level -> drawing of lots.
    standings = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("DE", "BH"), seed=7))
    a, b, c = standings.row(A), standings.row(B), standings.row(C)
    assert [v.display for v in (a.tiebreaks[0], b.tiebreaks[0], c.tiebreaks[0])] == ["1.0", "1.0", "1.0"]
    assert "direct encounter does not separate them" in a.tiebreaks[0].notes
    assert a.by_lot and b.by_lot and not c.by_lot
    assert set(a.lot_group) == {A, B} and a.lot_group == b.lot_group
    assert tuple(row.id for row in standings.rows[1:3]) == a.lot_group
    assert c.rank == 4 and a.lot_group in standings.lots


def test_the_drawing_of_lots_is_reproducible_and_depends_on_the_seed() -> None:
    def order(seed: int) -> tuple[int, ...]:
        standings = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("DE", "BH"), seed=seed))
        return tuple(row.id for row in standings.rows if row.by_lot)

    # Two lots: A/B on 2.0 and X/Z on 1.5 (level on DE and BH too). Each group is drawn on its own.
    assert order(3) == order(3)
    assert {order(seed) for seed in range(40)} == {
        (A, B, X, Z),
        (A, B, Z, X),
        (B, A, X, Z),
        (B, A, Z, X),
    }


def test_tied_players_who_all_met_and_drew_go_to_lots() -> None:
    # X and Z: BH 8.5 each, they drew each other (DE 0.5 each, all met).
    standings = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("BH", "DE")))
    x, z = standings.row(X), standings.row(Z)
    assert x.by_lot and z.by_lot and {x.rank, z.rank} == {5, 6}
    assert x.tiebreaks[1].display == "0.5" and "all have played each other (C.07 6.2)" in x.tiebreaks[1].notes


def test_a_later_tiebreak_splits_what_the_earlier_ones_left() -> None:
    # PS: X 0.5 + 1.0 + 1.0 + 1.5 = 4.0; Z 0 + 0.5 + 1.0 + 1.5 = 3.0.
    standings = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("BH", "DE", "PS")))
    assert names(standings)[4:] == ["X", "Z"]
    assert standings.row(X).decided_by == "PS" and not standings.row(X).by_lot


# --- direct encounter on its own ---------------------------------------------------------------

# A single round robin: A beat B and C, lost to D; B beat C and D; C beat D.
# Mini-table of all four: A 2, B 2, C 1, D 1. 6.2 applies again to {A, B} (A won) and {C, D} (C won).
ROBIN = tournament(
    "ABCD",
    [
        (1, "A", "B", "1-0"),
        (1, "C", "D", "1-0"),
        (2, "A", "C", "1-0"),
        (2, "B", "D", "1-0"),
        (3, "D", "A", "1-0"),
        (3, "B", "C", "1-0"),
    ],
)


def test_6_2_applies_again_to_each_subgroup_still_level() -> None:
    t = TournamentTiebreaks(ROBIN, 3, round_robin=True)
    levels, values = t.direct_encounter([1, 2, 3, 4])
    assert levels == [[1], [2], [3], [4]]
    assert [values[pid].display for pid in (1, 2, 3, 4)] == ["2.0", "2.0", "1.0", "1.0"]


# A Swiss fragment: R1 A-B 1-0, C-D 1-0; R2 A-C 1-0, B-D 1/2.
SWISS = tournament(
    "ABCD", [(1, "A", "B", "1-0"), (1, "C", "D", "1-0"), (2, "A", "C", "1-0"), (2, "B", "D", "1/2")]
)


def test_6_3_puts_first_a_player_no_missing_result_could_catch() -> None:
    # Group {A, B, C}: A 2 (beat both). B 0 + a win for the missing game v C = 1; C likewise 1. 2 > 1: A first.
    # {B, C} never met: 0 + 1 each, nobody alone on top: they stay level.
    levels, values = TournamentTiebreaks(SWISS, 2, direct_encounter="fide").direct_encounter([1, 2, 3])
    assert levels == [[1], [2, 3]]
    assert "not all have met (1 of this player's games missing, C.07 6.3)" in values[2].notes


def test_the_products_rule_applies_direct_encounter_only_when_all_have_met() -> None:
    # The explainer: "it only applies when they have all met". Same group as above: B and C never met.
    levels, values = TournamentTiebreaks(SWISS, 2).direct_encounter([1, 2, 3])
    assert levels == [[1, 2, 3]]
    assert values[1].display == "2.0"
    assert "direct encounter does not separate them" in values[1].notes
    assert any("only applies when they have all played each other" in note for note in values[2].notes)


def test_6_3_does_not_separate_when_a_missing_game_could_change_the_top() -> None:
    # Group {A, B, D}: A 1 (beat B), B 0.5 (drew D), D 0.5 + a win for the missing game v A = 1.5 >= 1.
    levels, values = TournamentTiebreaks(SWISS, 2, direct_encounter="fide").direct_encounter([1, 2, 4])
    assert levels == [[1, 2, 4]]
    assert [values[pid].display for pid in (1, 2, 4)] == ["1.0", "0.5", "0.5"]


# A beat B, C and D but never met E; B, C, D, E all met: B 2.5 (drew C, beat D and E), C 2.5, D 1 (beat E), E 0.
PEEL = tournament(
    "ABCDE",
    [
        (1, "A", "B", "1-0"),
        (1, "C", "D", "1-0"),
        (2, "A", "C", "1-0"),
        (2, "B", "D", "1-0"),
        (3, "A", "D", "1-0"),
        (3, "B", "C", "1/2"),
        (4, "B", "E", "1-0"),
        (5, "C", "E", "1-0"),
        (6, "D", "E", "1-0"),
    ],
)


def test_6_3_then_6_2_once_the_rest_have_all_met() -> None:
    # A 3 > every other score plus a win per missing game: B 2.5, C 2.5, D 1, E 0 + 1 (v A) = 1. A first.
    # {B, C, D, E} have all met: 6.2 by their own mini-table B 2.5, C 2.5, D 1, E 0, then {B, C}: they drew.
    levels, _ = TournamentTiebreaks(PEEL, 6, direct_encounter="fide").direct_encounter([1, 2, 3, 4, 5])
    assert levels == [[1], [2, 3], [4], [5]]
    assert TournamentTiebreaks(PEEL, 6).direct_encounter([1, 2, 3, 4, 5])[0] == [[1, 2, 3, 4, 5]]


def test_an_unknown_direct_encounter_rule_is_refused() -> None:
    with pytest.raises(UnknownTiebreakError, match="unknown direct-encounter rule '6.4'"):
        compute_standings(StandingsRequest(SWISS, 2, direct_encounter="6.4"))


def test_direct_encounter_lists_the_games_it_counted() -> None:
    _, values = TournamentTiebreaks(SWISS, 2).direct_encounter([1, 2, 3])
    assert [(p.round, p.label, p.display) for p in values[1].parts] == [(1, "B", "1.0"), (2, "C", "1.0")]


# --- round robins ------------------------------------------------------------------------------

# Single round robin, C beat D by forfeit:
#   R1 A-B 1-0, C-D +-;  R2 A-C 1-0, B-D 1/2;  R3 D-A 1/2, B-C 1-0.   A 2.5, B 1.5, C 1.0, D 1.0
# A forfeit counts as a game in a round robin (C.07 15.2): DE C v D = C; SB C = D's 1.0 x 1 = 1.0.
# SB: A = B 1.5 + C 1.0 + D 1.0 x 0.5 = 3.0; B = C 1.0 + D 0.5 = 1.5; D = A 2.5 x 0.5 + B 1.5 x 0.5 = 2.0.
# KS (limit half of 3 = 1.5): A = B 1 = 1.0; B = A 0 = 0.0; C = 0.0; D = A 0.5 + B 0.5 = 1.0.
# WIN: A 2, B 1, C 1 (the forfeit win), D 0.
FORFEIT_ROBIN = tournament(
    "ABCD",
    [
        (1, "A", "B", "1-0"),
        (1, "C", "D", "+-"),
        (2, "A", "C", "1-0"),
        (2, "B", "D", "1/2"),
        (3, "D", "A", "1/2"),
        (3, "B", "C", "1-0"),
    ],
)


def test_round_robin_default_list() -> None:
    standings = compute_standings(
        StandingsRequest(FORFEIT_ROBIN, 3, tiebreaks=ROUND_ROBIN_DEFAULT, round_robin=True)
    )
    assert names(standings) == ["A", "B", "C", "D"]
    shown = {row.name: [v.display for v in row.tiebreaks] for row in standings.rows}
    assert shown["C"] == ["1.0", "1", "1.0", "0.0"]
    assert shown["D"] == ["0.0", "0", "2.0", "1.0"]
    assert shown["A"][2:] == ["3.0", "1.0"] and shown["B"][2:] == ["1.5", "0.0"]
    sb_c = standings.row(3).tiebreaks[2]
    assert sb_c.parts[0].label == "D, forfeit" and "15.2" in sb_c.parts[0].detail


def test_sonneborn_berger_before_direct_encounter_reverses_c_and_d() -> None:
    standings = compute_standings(
        StandingsRequest(FORFEIT_ROBIN, 3, tiebreaks=("SB", "DE"), round_robin=True)
    )
    assert names(standings)[2:] == ["D", "C"]


def test_without_a_list_each_format_gets_its_default() -> None:
    robin = compute_standings(StandingsRequest(FORFEIT_ROBIN, 3, round_robin=True))
    swiss = compute_standings(StandingsRequest(CYCLE, 4))
    assert robin.tiebreaks == ROUND_ROBIN_DEFAULT and swiss.tiebreaks == SWISS_DEFAULT


def test_before_the_first_round_everyone_is_level_and_lots_decide() -> None:
    standings = compute_standings(StandingsRequest(CYCLE, 0, seed=11))
    assert {row.points_display for row in standings.rows} == {"0.0"}
    assert all(row.by_lot for row in standings.rows)
    assert standings.lots == (tuple(row.id for row in standings.rows),)
    assert all(v.display in ("0.0", "0") for row in standings.rows for v in row.tiebreaks)


@pytest.mark.parametrize("code", ["BH", "BH-C1", "BH-M1"])
def test_buchholz_is_refused_for_a_round_robin(code: str) -> None:
    with pytest.raises(TiebreakNotAllowedError, match=f"{code} .*round robin"):
        compute_standings(StandingsRequest(FORFEIT_ROBIN, 3, tiebreaks=("DE", code), round_robin=True))


# --- catalogue and bad input -------------------------------------------------------------------


def test_catalogue_and_defaults() -> None:
    codes = [code for code, _ in tiebreak_choices()]
    assert {
        "DE",
        "BH",
        "BH-C1",
        "BH-M1",
        "SB",
        "WIN",
        "WON",
        "BPG",
        "PS",
        "ARO",
        "ARO-C1",
        "TPR",
        "KS",
    } <= set(codes)
    assert dict(tiebreak_choices())["BH-M1"] == "Median Buchholz"
    assert SWISS_DEFAULT == ("DE", "BH-C1", "BH", "SB", "WIN")
    assert ROUND_ROBIN_DEFAULT == ("DE", "WIN", "SB", "KS")
    assert all(info.name and info.description and info.article for info in TIEBREAKS)


def test_unknown_tiebreak_names_the_code_and_the_known_ones() -> None:
    with pytest.raises(UnknownTiebreakError, match=r"unknown tie-break 'XYZ'; known tie-breaks are: DE, BH"):
        compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("BH", "XYZ")))


def test_lower_case_codes_are_accepted_and_duplicates_refused() -> None:
    standings = compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("bh", "de")))
    assert standings.tiebreaks == ("BH", "DE")
    with pytest.raises(UnknownTiebreakError, match="BH is listed twice"):
        compute_standings(StandingsRequest(CYCLE, 4, tiebreaks=("BH", "bh")))


def test_unknown_unplayed_rule() -> None:
    with pytest.raises(UnknownTiebreakError, match="unknown unplayed-round rule 'fide-2012'"):
        compute_standings(StandingsRequest(CYCLE, 4, unplayed="fide-2012"))


def with_history(participants: tuple[Participant, ...], pid: int, rnd: int, record: RoundRecord) -> tuple:
    out = []
    for p in participants:
        if p.id == pid:
            hist = list(p.history)
            hist[rnd - 1] = record
            p = Participant(id=p.id, tpn=p.tpn, name=p.name, history=tuple(hist))
        out.append(p)
    return tuple(out)


def test_a_game_the_opponent_does_not_have_is_refused() -> None:
    broken = with_history(CYCLE, A, 1, RoundRecord(R.WIN, B, Colour.WHITE))
    with pytest.raises(
        InvalidRequestError,
        match=r"participant 1 \(A\), round 1: the opponent, participant 2 \(B\), has opponent 4 that round",
    ):
        compute_standings(StandingsRequest(broken, 4))


def test_results_that_do_not_fit_together_are_refused() -> None:
    broken = with_history(CYCLE, C, 1, RoundRecord(R.WIN, A, Colour.BLACK))
    with pytest.raises(
        InvalidRequestError,
        match=r"round 1: results '1' for participant 1 \(A\) and '1' for participant 3 \(C\) do not fit",
    ):
        compute_standings(StandingsRequest(broken, 4))


def test_a_game_without_an_opponent_is_refused() -> None:
    broken = with_history(CYCLE, A, 2, RoundRecord(R.DRAW))
    with pytest.raises(
        InvalidRequestError, match=r"participant 1 \(A\), round 2: result '=' needs an opponent"
    ):
        compute_standings(StandingsRequest(broken, 4))


def test_an_unknown_withdrawn_participant_is_refused() -> None:
    with pytest.raises(InvalidRequestError, match=r"withdrawn participant\(s\) \[99\]"):
        compute_standings(StandingsRequest(CYCLE, 4, withdrawn=frozenset({99})))


# --- CSV and the command line ------------------------------------------------------------------

# BH, DE, PS of CYCLE. PS: Y 1+1.5+2.5+3 = 8.0; B 0.5+0.5+1.5+2 = 4.5; A 1+1.5+1.5+2 = 6.0;
# C 0+1+1.5+2 = 4.5; X 4.0; Z 3.0. DE is 0.0 for whoever was not level at that point.
EXPECTED_CSV = """\
rank,pairing_number,name,points,BH,DE,PS
1,5,Y,3.0,7.0,0.0,8.0
2,2,B,2.0,8.5,1.0,4.5
3,1,A,2.0,8.5,0.0,6.0
4,3,C,2.0,7.0,0.0,4.5
5,4,X,1.5,8.5,0.5,4.0
6,6,Z,1.5,8.5,0.5,3.0
"""


def trf_text(participants: tuple[Participant, ...], rounds: int, tournament_type: str = "") -> str:
    from pairing.engine.trf import TrfPlayer, TrfTournament, write_trf

    players = tuple(TrfPlayer(id=p.id, name=p.name, rating=p.rating, records=p.history) for p in participants)
    return write_trf(TrfTournament(players=players, total_rounds=rounds, tournament_type=tournament_type))


def cycle_trf() -> str:
    return trf_text(CYCLE, 4)


def test_standings_csv_of_a_parsed_trf() -> None:
    from pairing.engine.trf import parse_trf

    assert standings_csv(parse_trf(cycle_trf()), ["BH", "DE", "PS"], "fide-2026") == EXPECTED_CSV


def test_standings_csv_refuses_an_unknown_code() -> None:
    from pairing.engine.trf import parse_trf

    with pytest.raises(PairingError, match="unknown tie-break 'SOS'"):
        standings_csv(parse_trf(cycle_trf()), ["BH", "SOS"], "virtual-opponent")


def test_a_round_robin_trf_gets_round_robin_rules() -> None:
    from pairing.engine.trf import parse_trf

    text = trf_text(FORFEIT_ROBIN, 3, "Round Robin")
    # DE, WIN, SB, KS as in test_round_robin_default_list; the forfeit counts as a game for SB (15.2).
    assert standings_csv(parse_trf(text), list(ROUND_ROBIN_DEFAULT), "virtual-opponent").splitlines() == [
        "rank,pairing_number,name,points,DE,WIN,SB,KS",
        "1,1,A,2.5,0.0,2,3.0,1.0",
        "2,2,B,1.5,0.0,1,1.5,0.0",
        "3,3,C,1.0,1.0,1,1.0,0.0",
        "4,4,D,1.0,0.0,0,2.0,1.0",
    ]
    with pytest.raises(TiebreakNotAllowedError):
        standings_csv(parse_trf(text), ["BH"], "virtual-opponent")


def test_command_line_standings(tmp_path: Path) -> None:
    from pairing.engine.cli import main

    path = tmp_path / "cycle.trf"
    path.write_text(cycle_trf(), newline="")
    out, err = io.StringIO(), io.StringIO()
    status = main(
        ["--standings", str(path), "--tiebreaks", "BH,DE,PS", "--unplayed", "fide-2024"],
        stdout=out,
        stderr=err,
    )
    assert (status, out.getvalue(), err.getvalue()) == (0, EXPECTED_CSV, "")


def test_command_line_reports_an_unknown_code(tmp_path: Path) -> None:
    from pairing.engine.cli import main

    path = tmp_path / "cycle.trf"
    path.write_text(cycle_trf(), newline="")
    out, err = io.StringIO(), io.StringIO()
    status = main(["--standings", str(path), "--tiebreaks", "BH,NOPE"], stdout=out, stderr=err)
    assert status == 2 and out.getvalue() == ""
    assert "unknown tie-break 'NOPE'" in err.getvalue()


# A, B and C finish on 2.0; A beat B and C, who never met (C.07 6.3: B and C could reach 1.0 at most, A has
# 2.0, so A is first whatever their missing game would give). A always had White, B and C had Black twice,
# so games with Black (BPG) put A last when direct encounter does not decide.
#   R1 A-B 1-0, C-D 1-0, E-F 1-0; R2 A-C 1-0, B-E 1-0, D-F 1/2; R3 A-D 0-1, F-B 0-1, E-C 0-1
NOT_ALL_MET = tournament(
    "ABCDEF",
    [
        (1, "A", "B", "1-0"),
        (1, "C", "D", "1-0"),
        (1, "E", "F", "1-0"),
        (2, "A", "C", "1-0"),
        (2, "B", "E", "1-0"),
        (2, "D", "F", "1/2"),
        (3, "A", "D", "0-1"),
        (3, "F", "B", "0-1"),
        (3, "E", "C", "0-1"),
    ],
)


def not_all_met_trf(tmp_path: Path) -> Path:
    path = tmp_path / "not_all_met.trf"
    path.write_text(trf_text(NOT_ALL_MET, 3), newline="")
    return path


@pytest.mark.parametrize(
    ("option", "first_three"),
    [
        ([], ["B", "C", "A"]),
        (["--direct-encounter", "all-met"], ["B", "C", "A"]),
        (["--direct-encounter", "fide"], ["A", "B", "C"]),
    ],
)
def test_command_line_chooses_the_direct_encounter_rule(
    tmp_path: Path, option: list[str], first_three: list[str]
) -> None:
    from pairing.engine.cli import main

    out, err = io.StringIO(), io.StringIO()
    status = main(
        ["--standings", str(not_all_met_trf(tmp_path)), "--tiebreaks", "DE,BPG", *option],
        stdout=out,
        stderr=err,
    )
    assert (status, err.getvalue()) == (0, "")
    rows = out.getvalue().splitlines()
    assert rows[0] == "rank,pairing_number,name,points,DE,BPG"
    assert [row.split(",")[2] for row in rows[1:4]] == first_three
    assert all(row.split(",")[3] == "2.0" for row in rows[1:4])


def test_command_line_refuses_an_unknown_direct_encounter_rule(tmp_path: Path) -> None:
    from pairing.engine.cli import main

    out, err = io.StringIO(), io.StringIO()
    status = main(
        ["--standings", str(not_all_met_trf(tmp_path)), "--direct-encounter", "sometimes"],
        stdout=out,
        stderr=err,
    )
    assert (status, out.getvalue()) == (2, "")
    assert "unknown direct-encounter rule 'sometimes'; choose one of: all-met, fide" in err.getvalue()
