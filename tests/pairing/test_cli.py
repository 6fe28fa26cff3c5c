"""The engine's command line: the bbpPairings/JaVaFo drop-in, check mode, Berger tables, standings."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from pairing.engine import cli
from pairing.engine.errors import NoValidPairingError
from pairing.engine.types import Board, PairingRequest, PairingResult, Violation

DATA = Path(__file__).parent / "data" / "trf"
SMALL = DATA / "dutch_10p_5r_s2096248432.trf"
BEFORE_ROUND_4 = DATA / "dutch_10p_before_round4.trf"
"""SMALL as ``replay_corpus.py`` writes it to replay round 4."""
ROOT = Path(__file__).resolve().parents[2]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


class FakeEngine:
    """Records the requests it gets and answers with a fixed pairing (or an error)."""

    def __init__(self, result: PairingResult | Exception) -> None:
        self.result = result
        self.requests: list[PairingRequest] = []

    def __call__(self, request: PairingRequest) -> PairingResult:
        self.requests.append(request)
        if isinstance(self.result, Exception):
            raise self.result
        return self.result


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch):
    def install(result: PairingResult | Exception) -> FakeEngine:
        fake = FakeEngine(result)
        monkeypatch.setattr(cli, "_engine", lambda: fake)
        return fake

    return install


def recorded(round_number: int, path: Path = SMALL) -> PairingResult:
    """The pairing the file records for a round, as an engine result."""
    from pairing.engine.trf import decode_trf, parse_trf

    pairs, bye = cli.recorded_round(parse_trf(decode_trf(path.read_bytes())), round_number)
    boards = tuple(Board(i, w, b) for i, (w, b) in enumerate(sorted(pairs), start=1))
    return PairingResult(boards=boards, bye=bye)


def test_it_writes_the_pairing_in_the_bbp_format(engine, tmp_path: Path) -> None:
    engine(PairingResult(boards=(Board(1, 4, 1), Board(2, 2, 7)), bye=10))
    output = tmp_path / "out.txt"
    status, _, err = run("--dutch", str(BEFORE_ROUND_4), "-p", str(output))
    assert (status, err) == (0, "")
    assert output.read_text() == "3\n4 1\n2 7\n10 0\n"


def test_without_a_file_name_it_prints_to_stdout(engine) -> None:
    engine(PairingResult(boards=(Board(1, 3, 5),)))
    assert run("--dutch", str(BEFORE_ROUND_4), "-p") == (0, "1\n3 5\n", "")


def test_it_asks_the_engine_for_the_next_round_of_the_file(engine, tmp_path: Path) -> None:
    fake = engine(PairingResult(boards=()))
    run("--dutch", str(BEFORE_ROUND_4), "-p", str(tmp_path / "o"))
    request = fake.requests[0]
    assert request.round_number == 4 and not request.least_bad
    assert [p.id for p in request.participants if not p.available] == [9]  # 0000 - H kept in round 4


def test_no_valid_pairing_exits_1_and_writes_nothing(engine, tmp_path: Path) -> None:
    engine(NoValidPairingError("everyone has met"))
    output = tmp_path / "out.txt"
    status, _, err = run("--dutch", str(BEFORE_ROUND_4), "-p", str(output))
    assert status == 1 and "everyone has met" in err
    assert not output.exists()


def test_an_engine_crash_is_not_reported_as_no_valid_pairing(engine, tmp_path: Path) -> None:
    engine(KeyError(42))
    status, _, err = run("--dutch", str(BEFORE_ROUND_4), "-p", str(tmp_path / "o"))
    assert status == 4 and err.startswith("internal error:") and "KeyError: 42" in err
    assert not (tmp_path / "o").exists()


def test_least_bad_passes_the_flag_and_prints_the_broken_rules(engine, tmp_path: Path) -> None:
    broken = Violation("rematch", (1, 2), "Anna and Ben meet a second time.")
    fake = engine(PairingResult(boards=(Board(1, 1, 2),), violations=(broken,)))
    status, _, err = run("--dutch", str(BEFORE_ROUND_4), "--least-bad", "-p", str(tmp_path / "o"))
    assert status == 0 and fake.requests[0].least_bad
    assert "Anna and Ben meet a second time." in err


def test_a_malformed_file_exits_2_naming_line_and_column(engine, tmp_path: Path) -> None:
    engine(PairingResult(boards=()))
    bad = tmp_path / "bad.trf"
    bad.write_text(
        "XXR 5\n001    1      Test                              1500                             0.0    1     2 q 1\n"
    )
    status, _, err = run("--dutch", str(bad), "-p", str(tmp_path / "o"))
    assert status == 2
    assert "line 2, column 97" in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_a_missing_file_or_round_count_exits_2(engine, tmp_path: Path) -> None:
    engine(PairingResult(boards=()))
    status, _, err = run("--dutch", str(tmp_path / "nope.trf"), "-p")
    assert status == 2 and "nope.trf" in err
    no_rounds = tmp_path / "x.trf"
    no_rounds.write_text("001    1\n")
    status, _, err = run("--dutch", str(no_rounds), "-p")
    assert status == 2 and "number of rounds" in err


def test_bad_arguments_exit_2() -> None:
    assert run("--dutch")[0] == 2
    assert run("--dutch", str(SMALL))[0] == 2
    assert run("--berger", "x")[0] == 2


def test_baku_replaces_the_files_virtual_points(engine) -> None:
    fake = engine(PairingResult(boards=()))
    assert run("--dutch", str(BEFORE_ROUND_4), "--baku", "-p")[0] == 0
    # 10 participants: GA = 2*ceil(10/4) = 6; 5 rounds: 3 accelerated, 2 at a win, 1 at half of it.
    vp = {p.id: p.accelerations for p in fake.requests[0].participants}
    assert vp == {i: (2, 2, 1) for i in range(1, 7)} | {i: () for i in range(7, 11)}


def test_baku_refuses_a_3_1_0_tournament(engine) -> None:
    fake = engine(PairingResult(boards=()))
    status, _, err = run("--dutch", str(DATA / "club_2026.trf"), "--baku", "-p")
    assert status == 2 and "win worth two draws" in err and not fake.requests


def test_check_mode_is_silent_when_every_round_matches(engine, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = {r: recorded(r) for r in range(1, 6)}
    seen: list[int] = []

    def pair(request: PairingRequest) -> PairingResult:
        seen.append(request.round_number)
        return answers[request.round_number]

    monkeypatch.setattr(cli, "_engine", lambda: pair)
    status, out, _ = run("--dutch", str(SMALL), "-c")
    assert status == 0 and seen == [1, 2, 3, 4, 5]
    assert out == "5/5 rounds identical\n"


def test_check_mode_reports_each_differing_round(monkeypatch: pytest.MonkeyPatch) -> None:
    def pair(request: PairingRequest) -> PairingResult:
        result = recorded(request.round_number)
        if request.round_number == 2:  # colours swapped on every board
            return PairingResult(
                boards=tuple(Board(b.number, b.black, b.white) for b in result.boards), bye=result.bye
            )
        if request.round_number == 4:
            return PairingResult(boards=result.boards, bye=None)
        return result

    monkeypatch.setattr(cli, "_engine", lambda: pair)
    status, out, _ = run("--dutch", str(SMALL), "-c")
    assert status == 1
    lines = out.splitlines()
    assert lines[0].startswith("round 2: expected ") and "got" in lines[0]
    assert lines[1] == "round 4: bye expected 10, got none"
    assert lines[-1] == "3/5 rounds identical"


def test_check_mode_gives_the_engine_what_replay_corpus_gives_it(engine) -> None:
    fake = engine(PairingResult(boards=()))
    run("--dutch", str(SMALL), "-c")
    fourth = fake.requests[3]
    assert fourth.round_number == 4
    assert [p.id for p in fourth.participants if not p.available] == [9]
    assert all(len(p.history) == 3 for p in fourth.participants)


def test_the_berger_table_is_printed_one_game_a_line() -> None:
    status, out, _ = run("--berger", "4")
    assert status == 0
    assert out.splitlines()[:2] == ["1 1 1 4", "1 2 2 3"]
    assert len(out.splitlines()) == 6
    status, out, _ = run("--berger", "3", "--double")
    lines = out.splitlines()
    assert status == 0 and len(lines) == 12  # 6 rounds, one game and one bye each
    assert lines[:2] == ["1 1 2 3", "1 0 1 0"]


def test_standings_are_wired_to_the_standings_module(monkeypatch: pytest.MonkeyPatch) -> None:
    import pairing.engine.standings as standings

    calls = []

    def fake(tournament, tiebreaks, unplayed, **options):
        calls.append((len(tournament.players), tiebreaks, unplayed, options))
        return "rank,id\n1,4\n"

    monkeypatch.setattr(standings, "standings_csv", fake)
    status, out, _ = run(
        "--standings", str(SMALL), "--tiebreaks", "BH-C1,BH,SB,DE,WIN", "--unplayed", "virtual-opponent"
    )
    assert (status, out) == (0, "rank,id\n1,4\n")
    assert calls == [
        (10, ["BH-C1", "BH", "SB", "DE", "WIN"], "virtual-opponent", {"direct_encounter": "all-met"})
    ]


def test_the_module_runs_as_a_program_and_documents_itself() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "pairing.engine", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0
    for words in (
        "--dutch",
        "-p",
        "-c",
        "--least-bad",
        "--baku",
        "--berger",
        "--double",
        "--standings",
        "exit status",
    ):
        assert words in proc.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "pairing.engine", "--dutch", str(ROOT / "pyproject.toml"), "-p"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "line 1, column 1" in bad.stderr and "Traceback" not in bad.stderr


def test_the_real_engine_pairs_a_file_end_to_end(tmp_path: Path) -> None:
    output = tmp_path / "pairs.txt"
    proc = subprocess.run(
        [sys.executable, "-m", "pairing.engine", "--dutch", str(DATA / "club_2026.trf"), "-p", str(output)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    rows = [line.split() for line in output.read_text().splitlines()]
    assert int(rows[0][0]) == len(rows) - 1
    seated = sorted(int(x) for row in rows[1:] for x in row if x != "0")
    assert seated == [1, 2, 3, 5]  # 4 (half-point bye) and 6 (absent) are not paired in round 3
    assert ["1", "2"] not in rows[1:] and ["2", "1"] not in rows[1:]  # 260: 1 and 2 must not meet


def test_baku_check_mode_recomputes_exactly_the_virtual_points_of_a_baku_reference_file(engine) -> None:
    fake = engine(PairingResult(boards=()))
    run("--dutch", str(DATA / "baku_9p_8r_s33277288.trf"), "-c")
    from_file = list(fake.requests)
    fake.requests.clear()
    run("--dutch", str(DATA / "baku_9p_8r_s33277288.trf"), "-c", "--baku")
    assert len(from_file) == 8 and fake.requests == from_file


def test_baku_late_entries_are_left_out_of_the_round_1_split(engine) -> None:
    fake = engine(PairingResult(boards=()))
    # 3 and 9 joined in round 2: round 1 had 8 participants, so GA closes with the 4th of them
    # (pairing number 5) and stays closed there (C.04.7 1.3): 3 is in GA (five: odd), 9 in GB.
    assert run("--dutch", str(BEFORE_ROUND_4), "--baku", "--late-entries", "3:2,9:2", "-p")[0] == 0
    vp = {p.id: p.accelerations for p in fake.requests[0].participants}
    assert vp == {1: (2, 2, 1), 2: (2, 2, 1), 3: (0, 2, 1), 4: (2, 2, 1), 5: (2, 2, 1)} | {
        i: () for i in range(6, 11)
    }


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--late-entries", "3:2"], "--late-entries needs --baku"),
        (["--baku", "--late-entries", "3"], "ID:ROUND"),
        (["--baku", "--late-entries", "3:0"], "ID:ROUND"),
        (["--baku", "--late-entries", "3:2,3:3"], "participant 3 is listed twice"),
        (["--baku", "--late-entries", "99:2"], "no participant 99"),
    ],
)
def test_bad_late_entries_are_refused_with_a_message(engine, argv: list[str], message: str) -> None:
    fake = engine(PairingResult(boards=()))
    status, _, err = run("--dutch", str(BEFORE_ROUND_4), *argv, "-p")
    assert status == 2 and message in err and not fake.requests
