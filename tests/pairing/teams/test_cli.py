"""``python -m pairing.engine --teams``: pair, compare, standings, round robin."""

from __future__ import annotations

import io
from pathlib import Path

from pairing.engine.cli import main
from pairing.engine.teams.trf import write_team_trf

from .event_data import small_event


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_it_pairs_the_next_round(tmp_path: Path) -> None:
    path = tmp_path / "small.trf"
    path.write_text(write_team_trf(small_event()).replace("142 3", "142 5"))
    code, out, err = run("--teams", str(path), "-p", "--explain")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "3"
    assert lines[-1].endswith(" 0")  # the bye
    assert "bye" in err


def test_it_compares_every_round(tmp_path: Path) -> None:
    path = tmp_path / "small.trf"
    path.write_text(write_team_trf(small_event()))
    code, out, _ = run("--teams", str(path), "-c")
    assert "rounds as the engine pairs them" in out
    assert code in (0, 1)


def test_standings_as_csv(tmp_path: Path) -> None:
    path = tmp_path / "small.trf"
    path.write_text(write_team_trf(small_event()))
    code, out, _ = run("--teams", str(path), "--standings", "--tiebreaks", "EMGSB,BH")
    assert code == 0
    assert out.splitlines()[1].startswith("1,1,Team 1,6,5,")


def test_round_robin_tables() -> None:
    code, out, _ = run("--teams", "4", "--round-robin", "--boards", "4")
    assert code == 0
    assert out.splitlines()[0] == "1 1 1 4 WBWB"


def test_a_missing_file_is_bad_input() -> None:
    assert run("--teams", "/nonexistent.trf", "-p")[0] == 2
