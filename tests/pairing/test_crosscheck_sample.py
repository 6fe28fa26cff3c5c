"""The cross-check harness in small (issue #34): a few dozen generated tournaments, each verified by our
checker and, when a bbpPairings binary is there (``BBP_PAIRINGS`` or ``bbpPairings.exe`` on the path),
by bbpPairings' checker; and tournaments bbpPairings generates, verified by ours. The full runs are
``scripts/crosscheck.py``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pairing.engine.checker import check_tournament
from pairing.engine.generator import GeneratorConfig, generate_trf
from pairing.engine.trf import parse_trf

SEEDS = range(1000, 1030)
DRAWN = GeneratorConfig()
"""Every parameter drawn from the seed (byes, forfeits, unusual results, Baku, tie-breaks ...)."""


def _bbp() -> str | None:
    path = os.environ.get("BBP_PAIRINGS") or shutil.which("bbpPairings.exe") or shutil.which("bbpPairings")
    return path if path and os.access(path, os.X_OK) else None


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("ours")
    paths = []
    for seed in SEEDS:
        path = folder / f"ours_{seed}.trf"
        path.write_text(generate_trf(DRAWN, seed), newline="")
        paths.append(path)
    return paths


def test_our_tournaments_pass_our_checker(generated: list[Path]) -> None:
    failed = {}
    for path in generated:
        report = check_tournament(parse_trf(path.read_text()))
        if not report.ok:
            failed[path.name] = [str(f) for f in report.findings][:3]
    assert not failed


@pytest.mark.skipif(_bbp() is None, reason="no bbpPairings binary (set BBP_PAIRINGS)")
def test_our_tournaments_pass_bbp_checker(generated: list[Path]) -> None:
    bbp = _bbp()
    assert bbp is not None
    failed = []
    for path in generated:
        run = subprocess.run([bbp, "--dutch", str(path), "-c"], capture_output=True, text=True, check=False)
        if run.returncode != 0 or "Checker pairings" in run.stdout:
            failed.append(path.name)
    assert not failed


@pytest.mark.skipif(_bbp() is None, reason="no bbpPairings binary (set BBP_PAIRINGS)")
def test_bbp_tournaments_pass_our_checker(tmp_path: Path) -> None:
    bbp = _bbp()
    assert bbp is not None
    config = tmp_path / "config.txt"
    config.write_text(
        "PlayersNumber=25\nRoundsNumber=6\nDrawPercentage=35\nForfeitRate=30\nHalfPointByeRate=30\n"
    )
    failed = {}
    for seed in range(1, 11):
        path = tmp_path / f"bbp_{seed}.trf"
        subprocess.run([bbp, "--dutch", "-g", str(config), "-o", str(path), "-s", str(seed)], check=True)
        report = check_tournament(parse_trf(path.read_text()))
        if not report.ok:
            failed[seed] = [str(f) for f in report.findings][:3]
    assert not failed


def _harness():
    """``scripts/crosscheck.py`` as a module (it is a script, not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "crosscheck", Path(__file__).resolve().parents[2] / "scripts" / "crosscheck.py"
    )
    assert spec is not None and spec.loader is not None
    crosscheck = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(crosscheck)
    return crosscheck


def test_the_harness_fixes_gacrux_format_quirks() -> None:
    crosscheck = _harness()
    raw = "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5\n250  1.0  1.0   1   2    1    4\n"
    text, fixes = crosscheck.fix_gacrux(raw)
    assert text.split("\r")[:2] == [
        "162  W 1.0    D 0.5    L 0.0    P 1.0",
        "250       1.0   1   2    1    4",
    ]
    assert fixes == ["162 A/X letters dropped", "250 match points dropped"]


GACRUX_SAMPLE = 10
"""Files Gacrux's pairing checker reads in the suite (about a second each on the 2-core machine)."""


def test_gacrux_pairing_checker_accepts_our_tournaments(generated: list[Path], tmp_path: Path) -> None:
    """An independent checker in every CI run (issue 34): FIDE TEC's Gacrux (a test extra) re-pairs
    every round of our generated tournaments and accepts each; bbpPairings' checker runs when a
    binary is there, the full runs are ``scripts/crosscheck.py``."""
    pytest.importorskip("gacrux")
    crosscheck = _harness()
    rejected = {}
    for path in generated[:GACRUX_SAMPLE]:
        accepted, report = crosscheck.gacrux_pairing_check(path, tmp_path / f"{path.stem}.txt")
        if not accepted:
            rejected[path.name] = report[-300:]
    assert not rejected


def _harness_args(tmp_path: Path, **changes):  # noqa: ANN202
    import argparse

    args = argparse.Namespace(
        out=str(tmp_path),
        count=4,
        gacrux_count=0,
        gacrux_check=0,
        gacrux_every=0,
        self_check_every=1,
        seed=1000,
        bbp=None,
        sides="ours",
        unrated_rating=1400,
    )
    vars(args).update(changes)
    return args


def _crosscheck():  # noqa: ANN202
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    import crosscheck

    return crosscheck


def _placeholder_files(folder: Path, side: str, seed: int, count: int) -> list[Path]:
    """Files named as the harness names a side's tournaments, for fakes whose checkers never read them."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"{side}_{seed + i}.trf" for i in range(count)]
    for path in paths:
        path.write_text("012 placeholder\n")
    return paths


def test_a_file_with_nothing_to_rank_is_not_checked_again_on_the_next_pass(tmp_path: Path) -> None:
    """A verdict of "nothing to check" (no tie-break list, as in every bbpPairings file) is kept, so
    a resumed run does not run our checker on every earlier file again to find that out (the
    bbp side's passes had grown slower with every file already done)."""
    crosscheck = _crosscheck()
    args = _harness_args(tmp_path, count=3)
    calls: list[str] = []

    class Counting(crosscheck.Harness):
        def check_ours(self, path: Path) -> tuple[bool, str]:
            calls.append(path.name)
            return super().check_ours(path)

        def check_ours_tb(self, path: Path) -> None:
            self.check_ours(path)
            return None  # as for a file that lists no tie-breaks

    Counting(args).run()
    first = len(calls)
    assert first >= 3
    Counting(args).run()  # the same files again: every verdict is on record
    assert len(calls) == first


def test_a_file_without_tie_breaks_is_checked_by_ours_once(tmp_path: Path) -> None:
    """bbpPairings' files list no tie-breaks: the ranks' verdict ("nothing to rank") came from
    running our whole checker a second time on each of them, half the bbp side's time in ours."""
    crosscheck = _crosscheck()
    calls: list[str] = []

    class Counting(crosscheck.Harness):
        def generate(self, side: str, count: int) -> list[Path]:
            paths = super().generate("ours", count)
            for path in paths:  # ours' files without their tie-break list, as bbpPairings writes
                lines = path.read_text().splitlines(keepends=True)
                path.write_text("".join(line for line in lines if not line.startswith(("202 ", "212 "))))
            return paths

        def check_ours(self, path: Path) -> tuple[bool, str]:
            calls.append(path.name)
            return super().check_ours(path)

    harness = Counting(_harness_args(tmp_path, count=2))
    harness.run()
    assert sorted(calls) == sorted({*calls}) and len(calls) == 2
    verdicts = {(r["file"], r["checker"]): r["ok"] for r in harness.rows}
    assert [v for (_, checker), v in verdicts.items() if checker == "ours-tb"] == [None, None]
    assert [v for (_, checker), v in verdicts.items() if checker == "ours"] == [True, True]


def test_bbp_checks_its_own_files_one_in_k_and_every_other_file(tmp_path: Path) -> None:
    """``--self-check-every K``: bbpPairings' checker on bbpPairings' own files (its slowest step,
    confirming nothing ours does not) reads the files whose seed is a multiple of K; on our files
    it still reads every one."""
    crosscheck = _crosscheck()
    read: list[str] = []

    class Fake(crosscheck.Harness):
        def __init__(self, args) -> None:  # noqa: ANN001
            super().__init__(args)
            self.bbp = "bbpPairings"  # never run: its checker is replaced below

        def generate(self, side: str, count: int) -> list[Path]:
            return _placeholder_files(self.out / side, side, self.args.seed, count)

        def check_ours(self, path: Path) -> tuple[bool, str]:
            self._standings[path] = None
            return True, ""

        def check_bbp(self, path: Path) -> tuple[bool, str]:
            read.append(path.name)
            return True, ""

    Fake(_harness_args(tmp_path / "b", sides="bbp", count=10, seed=1000, self_check_every=5)).run()
    assert read == ["bbp_1000.trf", "bbp_1005.trf"]
    read.clear()
    Fake(_harness_args(tmp_path / "o", sides="ours", count=3, seed=1000, self_check_every=5)).run()
    assert read == ["ours_1000.trf", "ours_1001.trf", "ours_1002.trf"]


def test_the_run_fails_on_a_difference_nobody_explained(tmp_path: Path) -> None:
    """A run's exit status says whether every difference is one ``docs/fide-endorsement.md``
    decided (CI runs a few hundred tournaments and must fail on a new one): any pairing checker
    refusing a file, or our rank check refusing a file of ours or bbpPairings', fails it; Gacrux's
    tie-break checker differing on KS alone (C.07 16.4's stand-in), or on ranks where KS differs
    too, does not; any other value it differs on does."""
    crosscheck = _crosscheck()
    verdicts: dict[str, tuple[bool, str]] = {}

    class Fake(crosscheck.Harness):
        def __init__(self, args) -> None:  # noqa: ANN001
            super().__init__(args)
            self.gacrux = True

        def generate(self, side: str, count: int) -> list[Path]:
            return _placeholder_files(self.out / side, side, self.args.seed, count)

        def check_ours(self, path: Path) -> tuple[bool, str]:
            self._standings[path] = verdicts.get("ours-tb", (True, ""))
            return verdicts.get("ours", (True, ""))

        def check_gacrux(self, path: Path) -> tuple[bool, str]:
            return verdicts.get("gacrux", (True, ""))

        def check_gacrux_tb(self, path: Path) -> tuple[bool, str]:
            return verdicts.get("gacrux-tb", (True, ""))

    def run(name: str, **given: tuple[bool, str]) -> int:
        verdicts.clear()
        verdicts.update(given)
        return Fake(_harness_args(tmp_path / name, count=2, gacrux_check=2)).run()

    assert run("clean") == 0
    assert run("ks", **{"gacrux-tb": (False, "KS player 3: ours 4, gacrux 3.5")}) == 0
    ks_and_rank = "KS player 3: ours 4, gacrux 3.5\nRANK player 3: file 2, gacrux 3"
    assert run("ks-rank", **{"gacrux-tb": (False, ks_and_rank)}) == 0
    assert run("rank", **{"gacrux-tb": (False, "RANK player 3: file 2, gacrux 3")}) == 1
    ks_and_aro = "KS player 3: ours 4, gacrux 3.5\nARO player 1: ours 1500, gacrux 1400"
    assert run("aro", **{"gacrux-tb": (False, ks_and_aro)}) == 1
    assert run("pairing", gacrux=(False, "Check: False")) == 1
    assert run("ours", ours=(False, "round 3: pair 4-7 ...")) == 1
    assert run("ranks", **{"ours-tb": (False, "standings: player 5 ...")}) == 1


def test_the_command_line_exit_status_is_the_runs(tmp_path: Path) -> None:
    """``scripts/crosscheck.py`` exits with 1 when a difference is left unexplained (here none: 0)."""
    run = subprocess.run(
        [
            sys.executable,
            str(Path(__file__).resolve().parents[2] / "scripts" / "crosscheck.py"),
            "--out",
            str(tmp_path),
            "--sides",
            "ours",
            "--count",
            "2",
            "--gacrux-check",
            "0",
            "--bbp",
            "",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "unexplained differences: 0" in run.stdout
