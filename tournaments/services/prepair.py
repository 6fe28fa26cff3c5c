"""Steps a feature above the staff pages runs before a round is paired.

The entries app's check-in marks the players who have not checked in absent for the round about
to be paired; it registers that step in ``EntriesConfig.ready()``. The pair button
(``tournaments.views.rounds``) and the API's pair endpoint run the steps before ``round_pair``,
so the pairing app itself knows nothing of them. Each step answers what it did, in words (the
page shows them as messages).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tournaments.models import Tournament

PrePairStep = Callable[[Tournament, Any], list[str]]

_steps: list[PrePairStep] = []


def pre_pair_register(step: PrePairStep) -> None:
    if step not in _steps:
        _steps.append(step)


def pre_pair_run(tournament: Tournament, user: Any) -> list[str]:
    """Run every registered step before ``round_pair``; their notes, in order."""
    return [note for step in _steps for note in step(tournament, user)]
