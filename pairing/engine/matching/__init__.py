"""Matchings the engines need, each exact and in plain Python.

- :mod:`.cardinality`: maximum-cardinality matching on a general graph (Edmonds), warm-started
  from a known matching: the Dutch C4/C5 completion checks.
- :mod:`.weighted`: maximum-weight matching on a general graph (Edmonds with duals): the
  least-bad pairing and the Dutch exact bounds.
- :mod:`.bipartite`: S1 into S2 (Kuhn) and the minimum-cost :class:`Assignment` (Hungarian,
  updated pair by pair): the Dutch transposition search.
"""

from __future__ import annotations

from .bipartite import Assignment, repair_after_fixing, saturating_matching
from .cardinality import augment_from, free_alternatives, greedy_extend, maximum_matching
from .weighted import max_weight_matching

__all__ = [
    "Assignment",
    "augment_from",
    "free_alternatives",
    "greedy_extend",
    "max_weight_matching",
    "maximum_matching",
    "repair_after_fixing",
    "saturating_matching",
]
