"""Candidate generation in the order of Art. 4: MDP sets (4.4), resident exchanges (4.3), and the
first candidate of a bracket. Transpositions (4.2) are the order in which the search
(:mod:`.search`) lets each S1 player take the S2 players, lowest BSN first.

The search enumerates MDP sets > S2 transpositions for the MDP-pairing > remainder exchanges >
remainder transpositions, and among equally good candidates the one generated first wins (3.8).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb

__all__ = ["EXCHANGES_LISTED_LIMIT", "exchanges", "first_candidate", "mdp_sets"]

EXCHANGES_LISTED_LIMIT = 250_000
"""Exchanges of ``k`` players each way are listed (and sorted into the order of 4.3) only while
there are at most this many; larger exchanges are not generated."""


def mdp_sets(mdps: Sequence[int], residents: Sequence[int]) -> Iterator[tuple[list[int], list[int]]]:
    """(S1, Limbo) for a heterogeneous bracket (4.4): as many MDPs paired as possible first, then
    one fewer, ...; sets of the same size in the order of ``combinations`` (smallest differing
    BSN first). The MDPs not in S1 are the Limbo: they float on."""
    for size in range(min(len(mdps), len(residents)), -1, -1):
        for chosen in combinations(mdps, size):
            yield list(chosen), [x for x in mdps if x not in chosen]


def exchanges(
    s1: list[int], s2: list[int], floats: list[frozenset[int]] | None = None
) -> Iterator[tuple[list[int], list[int], str]]:
    """The original S1/S2, then resident exchanges in the order of Art. 4.3, each as (S1, S2,
    note): fewest players exchanged first; then the smallest difference of the BSN sums; then the
    exchange that moves the highest BSNs out of S1; then the lowest BSNs out of S2.

    With ``floats`` (sets of players who may float together), only the exchanges whose S2 holds
    one of those sets: a transposition floats S2 players only.
    """
    if floats is None or any(f.isdisjoint(s1) for f in floats):
        yield s1, s2, ""
    n1, n2 = len(s1), len(s2)
    if not n1 or not n2:
        return
    bsn = {x: k + 1 for k, x in enumerate(s1 + s2)}
    in_s1 = set(s1)
    for k in range(1, min(n1, n2) + 1):
        if comb(n1, k) * comb(n2, k) > EXCHANGES_LISTED_LIMIT:
            return
        items = []
        for out in combinations(s1, k):
            out_sum = sum(bsn[x] for x in out)
            out_key = tuple(-bsn[x] for x in sorted(out, key=lambda x: -bsn[x]))
            stay = in_s1.difference(out)
            fits = None if floats is None else [f for f in floats if f.isdisjoint(stay)]
            if fits is not None and not fits:
                continue
            for into in combinations(s2, k):
                if fits is not None and all(not f.isdisjoint(into) for f in fits):
                    continue
                into_sum = sum(bsn[x] for x in into)
                items.append((into_sum - out_sum, out_key, tuple(bsn[x] for x in into), out, into))
        items.sort(key=lambda item: (item[0], item[1], item[2]))
        for _difference, _out_key, _into_key, out, into in items:
            out_set, into_set = set(out), set(into)
            new_s1 = sorted([x for x in s1 if x not in out_set] + list(into), key=lambda x: bsn[x])
            new_s2 = sorted([x for x in s2 if x not in into_set] + list(out), key=lambda x: bsn[x])
            note = (
                "exchange " + ",".join(str(bsn[x]) for x in out) + "<->" + ",".join(str(bsn[x]) for x in into)
            )
            yield new_s1, new_s2, note


def first_candidate(
    mdps: list[int], residents: list[int], bracket: list[int]
) -> tuple[list[tuple[int, int]], list[int]]:
    """The candidate generated first: MDPs against the top residents, then S1 against S2 of the
    remainder. Returns (pairs, floaters)."""
    pairs = list(zip(mdps, residents, strict=False))
    remainder = residents[len(pairs) :]
    half = len(remainder) // 2
    pairs += list(zip(remainder[:half], remainder[half : 2 * half], strict=False))
    used = {x for p in pairs for x in p}
    return pairs, [x for x in bracket if x not in used]
