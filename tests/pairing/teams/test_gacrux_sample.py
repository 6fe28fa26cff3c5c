"""A CI-sized sample of the Gacrux cross-check (``scripts/teams_crosscheck.py`` runs the full one).

Gacrux (``pip install gacrux``, the FIDE TEC's reference tool) pairs the same rounds of generated team
tournaments from the same TRF-2026 files; the team tie-breaks are compared at the end. Skipped when
gacrux is not installed.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from pairing.engine.teams import ColourType

pytest.importorskip("gacrux")

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "teams_crosscheck.py"


def crosscheck():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("teams_crosscheck", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["teams_crosscheck"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("teams", "colour_type", "method"),
    [(7, ColourType.A, "fideteam-typea"), (8, ColourType.B, "fideteam-typeb")],
)
def test_every_round_agrees_with_gacrux(
    tmp_path: Path, teams: int, colour_type: ColourType, method: str
) -> None:
    module = crosscheck()
    tally: dict[str, list[int]] = {}
    agree, rounds, notes = module.run(teams, 4, 5, 0, colour_type, tmp_path, method, tally)
    differences = [note for note in notes if "gacrux" in note or "differ" in note]
    assert agree == rounds, differences
    assert not differences
    assert all(counts[0] == counts[1] for counts in tally.values()), tally
