"""Transitional: rounds are paired, changed and drawn up by the pairing app (``pairing.services``).

Callers not yet moved import these names from here; new code imports ``pairing.services.*``.
"""

from __future__ import annotations

from pairing.services.drafts import board_swap_colours, boards_exchange_opponents
from pairing.services.round_robin import tournament_start
from pairing.services.swiss import round_delete, round_pair, round_pair_execute, round_publish, round_repair

__all__ = [
    "board_swap_colours",
    "boards_exchange_opponents",
    "round_delete",
    "round_pair",
    "round_pair_execute",
    "round_publish",
    "round_repair",
    "tournament_start",
]
