"""FIDE Dutch system (C.04.3, rules in force from 1 February 2026): one round's pairing.

The modules follow the rules:

- :mod:`pairing.engine.players` (shared with the least-bad pairing): each player's pairing score,
  colour preference, meetings, bye eligibility and float history (Art. 1).
- :mod:`.completion`: compatibility C1-C3, the bye score C5, and whether a bracket's downfloaters
  can still be completed (C4), from maximum-cardinality matchings prepared once per round.
- :mod:`.criteria`: the table of C1-C21 (paragraph, name, and for C6-C21 the one function that
  states the criterion, which every part of the engine calls) and the failure vector's layout;
  :mod:`.failures`: the search's cached failures per pair and floater; :mod:`.floaters`: the
  set-level criteria C8/C9 and the sets of players who may float.
- :mod:`.candidates`: generation order (Art. 4.2-4.4); :mod:`.bounds`: lower bounds of the failure
  vector; :mod:`.search`: the search for the best candidate of a bracket (Art. 3), within
  :class:`SearchLimits`.
- :mod:`.explain`: why a bracket is not paired in the plain order, and why players float.
- :mod:`.round`: the round, bracket by bracket from the top (Art. 1.9.2); colours and board order
  come from :mod:`pairing.engine.colours` (Art. 5.2, GHR 3.6, shared with the least-bad pairing).

Exactness: every bracket's answer is the candidate the rules choose, found by a search that never
cuts a subtree that could hold it (see :mod:`.search`). Only when a bracket exceeds its node
budget is exactness given up, and the explanation then says so.
"""

from __future__ import annotations

from .round import pair_round
from .search import SearchLimits

__all__ = ["SearchLimits", "pair_round"]
