"""Reading and writing TRF files (C.04 Annex 2, TRF-2026, JaVaFo and bbpPairings records)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pairing.engine.errors import InvalidRequestError, TrfError
from pairing.engine.trf import (
    ForbiddenGroup,
    TrfBye,
    TrfPlayer,
    TrfTournament,
    decode_trf,
    parse_trf,
    trf_from_request,
    write_trf,
)
from pairing.engine.types import Colour, ResultCode, RoundRecord, Scoring
from tests.corpus import REPLAY_TOOL

DATA = Path(__file__).parent / "data" / "trf"
FILES = sorted(DATA.glob("*.trf"))
FINISHED = [p for p in FILES if p.name.startswith(("dutch_", "baku_")) and "before" not in p.name]
"""Complete reference tournaments (the others stop before a round)."""


def read(name: str) -> TrfTournament:
    return parse_trf(decode_trf((DATA / name).read_bytes()))


def player_line(pid: int, rounds: list[str], *, points: str = " 0.0", rating: str = "1500") -> str:
    """A ``001`` line with every field in its TRF-2016 column."""
    head = (
        f"001 {pid:>4} m    {'Player ' + str(pid):<33} {rating:>4} FRA {'':>11} {'':<10} {points:>4} {pid:>4}"
    )
    return head + "".join("  " + r for r in rounds)


def trf(*lines: str, rounds: int = 5) -> str:
    return "\n".join([f"XXR {rounds}", "XXC white1", *lines]) + "\n"


# -- reading the layout ------------------------------------------------------------------------


def test_it_reads_every_field_of_a_player_record() -> None:
    t = read("club_2026.trf")
    anna = t.player(1)
    assert (anna.name, anna.sex, anna.title, anna.rating, anna.federation) == (
        "Alpha, Anna",
        "w",
        "f",
        2210,
        "FRA",
    )
    assert (anna.points, anna.rank) == (12, 1)
    assert anna.records == (
        RoundRecord(ResultCode.WIN, 4, Colour.WHITE),
        RoundRecord(ResultCode.WIN, 3, Colour.BLACK),
    )
    assert t.player(5).rating == 0
    assert t.player(5).records[1] == RoundRecord(ResultCode.PAB)


def test_it_reads_the_tournament_records_of_trf_2026() -> None:
    t = read("club_2026.trf")
    assert (t.name, t.city, t.federation, t.start_date, t.end_date) == (
        "Club Championship 2026",
        "Lyon",
        "FRA",
        "2026/01/10",
        "2026/03/14",
    )
    assert t.chief_arbiter == "Jean Arbitre"
    assert t.deputy_arbiters == ("Marie Adjointe", "Paul Adjoint")
    assert t.round_dates == ("26/01/10", "26/01/17", "26/01/24")
    assert (t.total_rounds, t.initial_colour, t.type_code, t.tiebreaks) == (
        5,
        Colour.BLACK,
        "FIDE_DUTCH",
        "DE,BH/C1,BH,SB,WIN",
    )
    assert t.scoring == Scoring(win=6, draw=2, loss=0)
    assert t.byes == (TrfBye(3, 4, ResultCode.HALF_BYE), TrfBye(3, 6, ResultCode.ZERO_BYE))
    assert t.forbidden == (ForbiddenGroup((1, 2), 1, None),)
    assert [p.accelerations for p in t.players[:4]] == [(2, 2, 1), (2, 2, 1), (2, 2, 1), ()]
    assert t.other_records == ("222 5400+30",)
    assert t.comments == (" a hand-written TRF-2026 file: round 3 is the next to pair",)


def test_it_reads_the_javafo_records() -> None:
    t = read("baku_9p_8r_s33277288.trf")
    assert (t.total_rounds, t.initial_colour) == (8, Colour.BLACK)
    assert t.player(1).accelerations == (2, 2, 1, 1)
    assert t.player(7).accelerations == ()
    assert t.tournament_type == "FIDE_DUTCH_2025"


@pytest.mark.parametrize("newline", ["\r", "\n", "\r\n"])
def test_every_line_ending_reads_the_same(newline: str) -> None:
    text = (DATA / "dutch_10p_5r_s2096248432.trf").read_text()
    assert parse_trf(text.replace("\n", newline)) == read("dutch_10p_5r_s2096248432.trf")


def test_a_byte_order_mark_is_ignored() -> None:
    text = (DATA / "dutch_7p_4r_s1170965804.trf").read_bytes()
    assert parse_trf(decode_trf(b"\xef\xbb\xbf" + text)) == parse_trf(decode_trf(text))


def test_latin_1_files_are_read() -> None:
    line = player_line(1, []).replace("Player 1    ", "Müller, Jörg").encode("latin-1")
    assert parse_trf(decode_trf(b"XXR 3\n" + line)).player(1).name == "Müller, Jörg"


def test_letters_are_case_insensitive_and_a_blank_result_is_a_zero_point_bye() -> None:
    upper = parse_trf(
        trf(player_line(1, ["   2 W 1", "0000 - h"]), player_line(2, ["   1 B L", "0000 -  "]), "xxr 3")
    )
    assert upper.total_rounds == 3
    assert upper.player(1).records == (
        RoundRecord(ResultCode.WIN, 2, Colour.WHITE),
        RoundRecord(ResultCode.HALF_BYE),
    )
    assert upper.player(2).records == (
        RoundRecord(ResultCode.UNRATED_LOSS, 1, Colour.BLACK),
        RoundRecord(ResultCode.ZERO_BYE),
    )


def test_a_blank_round_between_two_rounds_is_a_zero_point_bye_and_trailing_blanks_are_dropped() -> None:
    t = parse_trf(
        trf(player_line(1, ["   2 w 1", "        ", "0000 - U", "        "]), player_line(2, ["   1 b 0"]))
    )
    assert t.player(1).records == (
        RoundRecord(ResultCode.WIN, 2, Colour.WHITE),
        RoundRecord(ResultCode.ZERO_BYE),
        RoundRecord(ResultCode.PAB),
    )


def test_forfeits_keep_their_scheduled_colour_and_double_forfeits_are_read() -> None:
    t = parse_trf(
        trf(
            player_line(1, ["   2 w -"]),
            player_line(2, ["   1 b -"]),
            player_line(3, ["   4 b +"]),
            player_line(4, ["   3 w -"]),
        )
    )
    assert t.player(1).records == (RoundRecord(ResultCode.FORFEIT_LOSS, 2, Colour.WHITE),)
    assert t.player(3).records == (RoundRecord(ResultCode.FORFEIT_WIN, 4, Colour.BLACK),)


# -- point systems ----------------------------------------------------------------------------


def test_the_point_system_comes_from_162() -> None:
    t = parse_trf(trf("162  W 3.0    D 1.0    L 0.0    A 0.0    P 1.5", player_line(1, [])))
    assert t.scoring == Scoring(win=6, draw=2, loss=0, pab=3)


def test_the_bbp_point_records_are_read() -> None:
    t = parse_trf(trf("BBW  3.0", "BBD  1.0", "BBU  1.0", "BBZ  0.5", "BBF  0.5", player_line(1, [])))
    assert t.scoring == Scoring(win=6, draw=2, pab=2, zero_bye=1, forfeit_loss=1)


def test_xxs_is_applied_and_162_overrides_it() -> None:
    assert parse_trf(trf("XXS W=3 D=1", player_line(1, []))).scoring == Scoring(win=6, draw=2)
    assert parse_trf(trf("XXS W=3 D=1 PAB=1", "162  W 2.0", player_line(1, []))).scoring == Scoring(
        win=4, draw=2, pab=2
    )


def test_colour_dependent_xxs_points_are_refused() -> None:
    with pytest.raises(TrfError) as error:
        parse_trf(trf("XXS WW=1 BW=1.5", player_line(1, [])))
    assert error.value.line == 3


def test_points_are_computed_from_results_not_read_from_columns_81_84() -> None:
    t = parse_trf(
        trf(player_line(1, ["   2 w 1", "0000 - H"], points="99.5"), player_line(2, ["   1 b 0", "0000 - U"]))
    )
    request = t.to_request()
    scores = {p.id: sum(request.scoring.points(r.result) for r in p.history) for p in request.participants}
    assert scores == {1: 3, 2: 2}


# -- the request for a round --------------------------------------------------------------------


def test_the_next_round_is_paired_and_known_absences_in_its_column_are_unavailable_not_history() -> None:
    t = read("dutch_10p_5r_s2096248432.trf")
    request = t.to_request(4)
    by_id = {p.id: p for p in request.participants}
    assert request.round_number == 4 and request.total_rounds == 5
    assert not by_id[9].available  # 0000 - H in round 4, known before pairing
    assert len(by_id[9].history) == 3
    assert by_id[10].available  # 0000 - U in round 4 is the pairing's output, not an input
    assert all(len(p.history) == 3 for p in request.participants)
    assert [p.tpn for p in request.participants] == list(range(1, 11))
    assert request.initial_colour is Colour.BLACK


def test_the_default_round_is_the_one_after_the_last_paired_round() -> None:
    text = trf(
        player_line(1, ["   2 w 1", "0000 - Z"]),
        player_line(2, ["   1 b 0", "0000 - H"]),
        player_line(3, ["0000 - U"]),
    )
    t = parse_trf(text)
    assert t.played_rounds == 1
    request = t.to_request()
    assert request.round_number == 2
    assert [p.available for p in request.participants] == [False, False, True]


def test_240_byes_and_xxz_make_participants_unavailable_for_their_round() -> None:
    t = read("club_2026.trf")
    request = t.to_request()
    assert request.round_number == 3
    assert {p.id for p in request.participants if not p.available} == {4, 6}
    xxz = parse_trf(trf(player_line(1, ["   2 w 1"]), player_line(2, ["   1 b 0"]), "XXZ 2"))
    assert xxz.byes == (TrfBye(2, 2),)
    assert [p.available for p in xxz.to_request().participants] == [True, False]


def test_forbidden_pairs_apply_within_their_rounds() -> None:
    text = trf(*(player_line(i, []) for i in range(1, 5)), "XXP 1 2 3", "260   2   3    2    4")
    t = parse_trf(text)
    assert t.to_request(1).forbidden_pairs == {frozenset(p) for p in [(1, 2), (1, 3), (2, 3)]}


def test_forbidden_ranges_are_honoured() -> None:
    text = trf(*(player_line(i, ["0000 - Z"]) for i in range(1, 5)), "260   2   3    2    4")
    t = parse_trf(text)
    assert t.to_request(2).forbidden_pairs == {frozenset((2, 4))}
    assert t.to_request(1).forbidden_pairs == frozenset()


def test_virtual_points_pass_through_and_xxa_equals_250() -> None:
    xxa = parse_trf(
        trf(player_line(1, []), player_line(2, []), "XXA    1  1.0  0.5  0.0", "XXA    2  1.0  0.5")
    )
    ranged = parse_trf(
        trf(
            player_line(1, []),
            player_line(2, []),
            "250       1.0   1   1    1    2",
            "250       0.5   2   2    1    2",
        )
    )
    assert xxa.players == ranged.players
    assert [p.accelerations for p in xxa.to_request().participants] == [(2, 1), (2, 1)]


def test_a_192_baku_file_without_virtual_points_gets_bakus() -> None:
    t = parse_trf(trf("192 FIDE_DUTCH_BAKU", *(player_line(i, []) for i in range(1, 6)), rounds=5))
    assert [p.accelerations for p in t.to_request().participants] == [(2, 2, 1)] * 4 + [()]


def test_the_initial_colour_is_inferred_from_round_1_when_the_file_does_not_say() -> None:
    lines = [player_line(1, ["0000 - U"]), player_line(2, ["   3 b 1"]), player_line(3, ["   2 w 0"])]
    t = parse_trf("XXR 3\n" + "\n".join(lines))
    assert t.initial_colour is None
    # pairing number 1 got the bye; number 2, the next one paired, had Black, so number 1 would have had White.
    assert t.to_request(2).initial_colour is Colour.WHITE
    assert (
        parse_trf("XXR 3\n" + "\n".join(lines).replace(" 3 b 1", " 3 w 1").replace(" 2 w 0", " 2 b 0"))
        .to_request(2)
        .initial_colour
        is Colour.BLACK
    )


def test_pairing_numbers_follow_file_order_with_xxc_rank() -> None:
    t = parse_trf("XXR 3\nXXC rank white1\n" + "\n".join([player_line(7, []), player_line(3, [])]))
    assert [(p.id, p.tpn) for p in t.to_request().participants] == [(7, 1), (3, 2)]


def test_requests_that_cannot_be_built_raise_invalid_request() -> None:
    no_rounds = parse_trf(player_line(1, ["0000 - U"]))
    with pytest.raises(InvalidRequestError, match="number of rounds"):
        no_rounds.to_request()
    finished = parse_trf(trf(player_line(1, ["0000 - U"]), rounds=1))
    with pytest.raises(InvalidRequestError, match="outside"):
        finished.to_request()
    with pytest.raises(InvalidRequestError, match="cannot be paired before"):
        parse_trf(trf(player_line(1, []))).to_request(3)


# -- malformed files ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "column", "words"),
    [
        (player_line(1, ["   2 x 1"]), 97, "colour"),
        (player_line(1, ["   2 w 7"]), 99, "unknown result"),
        (player_line(1, ["   1 w 1"]), 92, "themselves"),
        (player_line(1, ["0000 w 1"]), 97, "colour without an opponent"),
        (player_line(1, ["0000 - 1"]), 99, "needs an opponent"),
        (player_line(1, ["   2 w U"]), 99, "cannot have an opponent"),
        (player_line(1, ["   2 - 1"]), 97, "needs the colour"),
        (player_line(1, ["  2w 1  "]), 92, "opponent"),
        (player_line(1, ["   2 w1  "]), 92, "expected"),
        (player_line(1, [], rating="15x0"), 49, "rating"),
        (player_line(1, [], points="1.3"), 81, "points"),
        ("001 abcd", 5, "starting rank"),
        ("hello world", 1, "not a TRF record"),
        ("XXR many", 5, "number of rounds"),
        ("152 X", 5, "initial colour"),
        ("162  Q 1.0", 6, "point code"),
        ("240 Q   3    1", 5, "bye type"),
        ("250       1.0   3   1    1    2", 15, "low to high"),
        ("013 Team", 1, "team"),
    ],
)
def test_malformed_lines_name_their_line_and_column(line: str, column: int, words: str) -> None:
    with pytest.raises(TrfError) as error:
        parse_trf(f"012 Test\n{line}\n")
    assert (error.value.line, error.value.column) == (2, column)
    assert words in str(error.value)
    assert str(error.value).startswith(f"line 2, column {column}: ")


def test_contradictory_games_are_refused_at_the_players_line() -> None:
    with pytest.raises(TrfError) as error:
        parse_trf(trf(player_line(1, ["   2 w 1"]), player_line(2, ["   1 w 0"])))
    assert (error.value.line, error.value.column) == (3, 92)
    with pytest.raises(TrfError, match="no player record"):
        parse_trf(trf(player_line(1, ["   9 w +"])))
    with pytest.raises(TrfError, match="already used on line 3"):
        parse_trf(trf(player_line(1, []), player_line(1, [])))


# -- writing ------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_parse_write_parse_gives_the_same_data(path: Path) -> None:
    t = parse_trf(decode_trf(path.read_bytes()))
    assert parse_trf(write_trf(t)) == t


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("version", ["2016", "2026"])
def test_write_parse_write_gives_the_identical_file(path: Path, version: str) -> None:
    text = write_trf(parse_trf(decode_trf(path.read_bytes())), version=version)
    assert write_trf(parse_trf(text), version=version) == text


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_2016_file_gives_the_same_request_as_the_2026_file(path: Path) -> None:
    t = parse_trf(decode_trf(path.read_bytes()))
    old = parse_trf(write_trf(t, version="2016"))
    if t.next_round <= (t.total_rounds or 0):
        assert old.to_request() == t.to_request()
    assert old.to_request(1) == t.to_request(1)


def test_the_writer_uses_cr_line_ends_and_fixed_columns() -> None:
    t = read("club_2026.trf")
    text = write_trf(t)
    assert "\n" not in text and text.endswith("\r")
    lines = text.split("\r")
    anna = next(line for line in lines if line.startswith("001    1"))
    assert anna[48:52] == "2210" and anna[80:84] == " 6.0" and anna[85:89] == "   1"
    assert anna[91:99] == "   4 w 1" and anna[101:109] == "   3 b 1"
    assert "142 5" in lines and "152 B" in lines and "162  W 3.0    D 1.0" in lines
    assert "240 H   3    4" in lines and "260   1   5    1    2" in lines
    assert "250       1.0   1   2    1    3" in lines and "250       0.5   3   3    1    3" in lines


def test_the_2016_writer_uses_javafo_records_and_the_round_column_for_byes() -> None:
    text = write_trf(read("club_2026.trf"), version="2016")
    lines = text.split("\r")
    assert "XXR 5" in lines and "XXC black1" in lines and "XXP 1 2" in lines
    assert "XXS W=3.0 D=1.0" in lines and "BBW  3.0" in lines and "BBD  1.0" in lines
    assert "XXA    1  1.0  1.0  0.5" in lines
    dan = next(line for line in lines if line.startswith("001    4"))
    assert dan[111:119] == "0000 - H"
    assert not any(line.startswith(("142", "152", "162", "240", "250", "260")) for line in lines)


def test_a_tournament_built_in_code_writes_and_reads_back() -> None:
    t = TrfTournament(
        name="Spring Rapid",
        total_rounds=3,
        initial_colour=Colour.WHITE,
        players=(
            TrfPlayer(
                1, name="Ng, Lee", rating=1900, records=(RoundRecord(ResultCode.DRAW, 2, Colour.WHITE),)
            ),
            TrfPlayer(
                2, name="Roy, Sam", rating=1800, records=(RoundRecord(ResultCode.DRAW, 1, Colour.BLACK),)
            ),
            TrfPlayer(3, name="Kim, Jo", records=(RoundRecord(ResultCode.PAB),), accelerations=(2, 1)),
        ),
        byes=(TrfBye(2, 2, ResultCode.HALF_BYE),),
    )
    text = write_trf(t)
    back = parse_trf(text)
    assert [p.points for p in back.players] == [1, 1, 2]
    assert [p.rank for p in back.players] == [2, 3, 1]
    assert back.players[2].accelerations == (2, 1)
    assert back.byes == t.byes
    assert write_trf(back) == text


def test_the_writer_refuses_what_trf_cannot_express() -> None:
    with pytest.raises(InvalidRequestError):
        write_trf(TrfTournament(scoring=Scoring(forfeit_win=1)))
    with pytest.raises(InvalidRequestError):
        write_trf(TrfTournament(players=(TrfPlayer(10000),)))
    with pytest.raises(InvalidRequestError):
        write_trf(TrfTournament(), version="2020")


def test_the_writer_writes_non_standard_scoring_in_both_versions() -> None:
    t = TrfTournament(scoring=Scoring(win=6, draw=2, pab=2, zero_bye=1, forfeit_loss=1), total_rounds=2)
    for version in ("2016", "2026"):
        assert parse_trf(write_trf(t, version=version)).scoring == t.scoring


def test_replacing_fields_keeps_the_dataclass_frozen() -> None:
    t = TrfTournament()
    with pytest.raises(AttributeError):
        t.name = "x"  # type: ignore[misc]
    assert replace(t, name="x").name == "x"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_request_written_as_trf_reads_back_as_the_same_request(path: Path) -> None:
    t = parse_trf(decode_trf(path.read_bytes()))
    for round_number in range(1, min(t.next_round, t.total_rounds or 0) + 1):
        request = t.to_request(round_number)
        for version in ("2016", "2026"):
            back = parse_trf(write_trf(trf_from_request(request), version=version))
            assert back.to_request(round_number) == request


def test_a_request_with_its_own_pairing_numbers_is_written_in_pairing_order() -> None:
    request = read("club_2026.trf").to_request()
    renumbered = replace(
        request,
        participants=tuple(replace(p, id=p.id * 10) for p in request.participants),
        forbidden_pairs=frozenset({frozenset({10, 20})}),
    )
    # Histories name opponents by id, so renumber them too.
    renumbered = replace(
        renumbered,
        participants=tuple(
            replace(p, history=tuple(replace(r, opponent=r.opponent and r.opponent * 10) for r in p.history))
            for p in renumbered.participants
        ),
    )
    t = trf_from_request(renumbered)
    assert t.pair_by_rank and [p.id for p in t.players] == [10, 20, 30, 40, 50, 60]
    assert parse_trf(write_trf(t)).to_request() == renumbered


@pytest.mark.parametrize("path", FINISHED, ids=lambda p: p.name)
def test_each_round_gets_the_request_replay_corpus_builds(path: Path) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("replay_corpus", REPLAY_TOOL)
    assert spec is not None and spec.loader is not None
    replay = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(replay)
    lines, players, rounds = replay.parse(path)
    full = parse_trf(decode_trf(path.read_bytes()))
    assert full.played_rounds == rounds
    for k in range(rounds):
        truncated = parse_trf(replay.truncated_input(lines, players, k))
        assert truncated.next_round == k + 1
        assert truncated.to_request() == full.to_request(k + 1)
