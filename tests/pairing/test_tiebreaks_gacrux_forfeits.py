"""KS, ARO and TPR against Gacrux's tie-break checker on generated tournaments with forfeits and unrated players.

Gacrux (PyPI ``gacrux``, the FIDE TEC's reference tool, a test dependency) reads each generated TRF-2026
file and computes KS, ARO and TPR under the 2026 rules with ``-u 1400`` (the rating of unrated players);
ours is the same file under ``fide-2026`` with ``unrated_rating=1400``.

- ARO and TPR must be equal for every player: both count an unrated opponent at the tournament's rating
  (C.07 Art. 10) and do the same integer rounding (10.1, 10.2).
- KS must be equal except where the two readings of C.07 16.4 part, and there the difference must be
  exactly what the article gives (docs/fide-endorsement.md, "Koya and forfeits"): we count an unplayed
  round's points when its dummy opponent (own score, capped at the scheduled opponent's adjusted score for a
  forfeit, at draw points x rounds otherwise) reaches half the maximum; Gacrux counts a forfeit win when the
  scheduled opponent's real score reaches it, and never a bye. Over the board both count the same games.

Skipped when gacrux is not installed.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from pairing.engine.generator import generate_trf, parse_config
from pairing.engine.standings import _request_from_trf
from pairing.engine.tiebreaks import TournamentTiebreaks
from pairing.engine.trf import decode_trf, parse_trf
from pairing.engine.types import ResultCode

pytest.importorskip("gacrux")

CONFIG = parse_config(
    "\n".join(
        [
            "PlayersNumber=18",
            "RoundsNumber=7",
            "PointsForWin=1",
            "PointsForDraw=0.5",
            "PointsForLoss=0",
            "PointsForZPB=0",
            "PointsForForfeitLoss=0",
            "PointsForPAB=1",
            "Forfeits=12%",
            "DoubleForfeits=2%",
            "UnusualResults=0",
            "UnratedShare=20%",
            "Baku=0",
            "TieBreaks=KS,ARO,TPR",
        ]
    )
)
SEEDS = (11, 12, 13, 14, 15, 16)
UNRATED = 1400


def gacrux_values(path: Path, out: Path, monkeypatch: pytest.MonkeyPatch) -> dict[int, dict[str, str]]:
    """Gacrux's tie-break checker, in this process: start number -> code -> value text."""
    from gacrux.tiebreakchecker import tiebreakchecker

    argv = ["tiebreakchecker", "-i", str(path), "-s", "-F", "TXT", "-o", str(out), "-u", str(UNRATED)]
    monkeypatch.setattr(sys, "argv", [*argv, "-t", "KS", "ARO", "TPR"])
    tiebreakchecker().common_main()
    lines = [line.split("\t") for line in out.read_text().splitlines() if line.strip()]
    header = lines[0]
    rows = [dict(zip(header, cells, strict=False)) for cells in lines[1:] if cells[0].strip().isdigit()]
    return {int(row["StartNo"]): row for row in rows}


def explained_koya_difference(t: TournamentTiebreaks, pid: int) -> Fraction:
    """Ours minus Gacrux's KS that C.07 16.4 explains: + points of unplayed rounds whose dummy reaches half
    the maximum (ours), - points of forfeit wins whose scheduled opponent's real score reaches it (Gacrux)."""
    limit = t.scoring.win * t.rounds  # twice half the maximum, in half-points
    ours = sum(e.own for e in t.entries[pid] if e.source == "dummy" and 2 * e.score >= limit)
    theirs = sum(
        t.hp[pid][rnd - 1]
        for rnd, rec in enumerate(t.records[pid], start=1)
        if rec.result is ResultCode.FORFEIT_WIN
        and rec.opponent is not None
        and 2 * t.total[rec.opponent] >= limit
    )
    return Fraction(ours - theirs, 2)


def test_ks_aro_and_tpr_agree_with_gacrux_where_the_article_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    differences: list[str] = []
    explained = forfeit_wins = unrated_games = 0
    for seed in SEEDS:
        path = tmp_path / f"t{seed}.trf"
        path.write_text(generate_trf(CONFIG, seed), newline="")
        theirs = gacrux_values(path, tmp_path / f"t{seed}.txt", monkeypatch)
        request = _request_from_trf(parse_trf(decode_trf(path.read_bytes())), ("KS",), "fide-2026", 0)
        t = TournamentTiebreaks(
            request.participants, request.rounds, regime="fide-2026", unrated_rating=UNRATED
        )
        assert set(theirs) == set(t.by_id), seed
        for p in request.participants:
            row = theirs[p.id]
            for code in ("ARO", "TPR"):
                if t.value(p.id, code, explain=False).value != Fraction(row[code]):
                    differences.append(
                        f"seed {seed} player {p.id} {code}: ours {t.value(p.id, code).display}, gacrux {row[code]}"
                    )
            ks = t.value(p.id, "KS", explain=False).value
            gap = explained_koya_difference(t, p.id)
            explained += gap != 0
            if ks != Fraction(row["KS"]) + gap:
                differences.append(
                    f"seed {seed} player {p.id} KS: ours {ks}, gacrux {row['KS']}, explained {gap}"
                )
            forfeit_wins += sum(rec.result is ResultCode.FORFEIT_WIN for rec in p.history[: request.rounds])
            unrated_games += sum(
                rec.result.played and rec.opponent is not None and t.by_id[rec.opponent].rating <= 0
                for rec in p.history[: request.rounds]
            )
    assert differences == []
    # The sample exercises what it is for: forfeit wins, games against unrated players, and KS values
    # where the article and Gacrux part.
    assert forfeit_wins >= 10 and unrated_games >= 20 and explained >= 3, (
        forfeit_wins,
        unrated_games,
        explained,
    )
