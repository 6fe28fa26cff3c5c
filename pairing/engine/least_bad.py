"""The least-bad pairing: what the engine does when no pairing keeps every absolute rule.

Late in a long event with few players, C1-C3 (with the bye rule C2) can leave no complete pairing
(Dutch Art. 1.9.3 hands the case to the Chief Arbiter). The product promises to pair the round anyway,
breaking as little as possible and saying what it broke. :func:`pair_least_bad` relaxes the rules in a
fixed order, each minimised before the next is considered:

1. the colour limits (BR 6-7): fewest participants who get a third same colour in a row or end up
   more than two games apart (C3 clashes are counted through them: the loser of a clash always
   breaks a limit);
2. bye eligibility (BR 4, C2): a bye for someone who already had one (or a win without playing);
3. rematches (BR 2, C1): fewest rematches;
4. forbidden pairs, as a very last resort, so that the arbiter is never left without a pairing.

When these counts tie, a second bye goes to whoever had the fewest earlier byes, and rematches between
pairs that met longest ago are preferred (the sum of the rounds of the earlier meetings is minimised),
before any quality term.

"Relaxed first" means "least bad": a broken colour limit is preferred to a second bye, which is
preferred to a rematch. Among pairings that break equally little, Dutch-like preferences decide: lowest
score for the bye (C5), fewest and smallest score differences (C6-C7), colour preferences granted
(C12-C13), no repeated floats (C14-C17), and S1 against S2 within a score group (Art. 3.3).

Method: one maximum-weight perfect matching over the available participants (plus a "bye" vertex when
their number is odd) with lexicographically packed integer edge weights, then colours by Dutch Art. 5.2.
The matching is Edmonds' blossom algorithm with dual variables (Galil's ``O(n^3)`` organisation),
written here in plain Python with exact integers; nothing is imported from the Dutch engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.errors import InvalidRequestError
from pairing.engine.types import (
    Board,
    BoardNote,
    Colour,
    Explanation,
    FloatNote,
    PairingRequest,
    PairingResult,
    Participant,
    ResultCode,
    Violation,
)

__all__ = ["max_weight_matching", "pair_least_bad"]


# ---------------------------------------------------------------------------------------------------
# Maximum-weight matching on a general graph (Edmonds' blossom algorithm with duals).
# ---------------------------------------------------------------------------------------------------

_FREE, _S, _T = 0, 1, 2


class _Blossoms:
    """State of one maximum-weight matching computation.

    Vertices are ``0..n-1``; non-trivial blossoms get ids ``n..2n-1``. Vertex duals are stored doubled
    (``2u``) and blossom duals plain (``z``) so that integer weights keep every quantity an integer;
    the slack of an edge between two different top-level blossoms is ``dual[i] + dual[j] - 2 w(i, j)``.
    """

    def __init__(self, weights: Sequence[Sequence[int | None]]) -> None:
        n = len(weights)
        self.n = n
        self.w = weights
        self.neighbours = [[j for j in range(n) if j != i and weights[i][j] is not None] for i in range(n)]
        top = max((w for row in weights for w in row if w is not None), default=0)
        top = max(top, 0)
        self.mate = [-1] * n
        self.dual = [top] * n + [0] * n
        self.label = [_FREE] * (2 * n)
        self.label_edge: list[tuple[int, int] | None] = [None] * (2 * n)
        """For a labelled blossom (or vertex): the edge ``(p, q)`` it was reached by, ``q`` inside it."""
        self.in_blossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.edges: list[list[tuple[int, int]]] = [[] for _ in range(2 * n)]
        """``edges[b][i] = (x, y)`` joins ``children[b][i]`` (holding ``x``) to the next child (``y``)."""
        self.base = list(range(n)) + [-1] * n
        self.best_edge: list[tuple[int, int] | None] = [None] * (2 * n)
        self.blossom_best: list[list[tuple[int, int]] | None] = [None] * (2 * n)
        self.unused = list(range(2 * n - 1, n - 1, -1))
        self.queue: list[int] = []

    # -- small helpers ------------------------------------------------------------------------------

    def slack(self, i: int, j: int) -> int:
        weight = self.w[i][j]
        assert weight is not None
        return self.dual[i] + self.dual[j] - 2 * weight

    def leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            c = stack.pop()
            if c < self.n:
                out.append(c)
            else:
                stack.extend(self.children[c])
        return out

    def assign_label(self, v: int, label: int, via: int) -> None:
        """Label vertex ``v``'s top-level blossom, reached from vertex ``via`` (``-1`` for a root)."""
        b = self.in_blossom[v]
        edge = None if via < 0 else (via, v)
        self.label[v] = self.label[b] = label
        self.label_edge[v] = self.label_edge[b] = edge
        self.best_edge[v] = self.best_edge[b] = None
        if label == _S:
            self.queue.extend(self.leaves(b))
        else:
            base = self.base[b]
            self.assign_label(self.mate[base], _S, base)

    # -- blossoms -----------------------------------------------------------------------------------

    def trace_back(self, v: int, u: int) -> int:
        """Follow the alternating trees up from ``v`` and ``u`` together.

        Returns the base vertex of the first S-blossom both paths reach (a new blossom is found), or
        ``-1`` when they end at different roots (an augmenting path is found).
        """
        marked: list[int] = []
        found = -1
        a, b = v, u
        while a != -1 or b != -1:
            if a != -1:
                blossom = self.in_blossom[a]
                if self.label[blossom] & 4:
                    found = self.base[blossom]
                    break
                self.label[blossom] |= 4
                marked.append(blossom)
                edge = self.label_edge[blossom]
                if edge is None:
                    a = -1
                else:
                    t_blossom = self.in_blossom[edge[0]]
                    t_edge = self.label_edge[t_blossom]
                    assert t_edge is not None
                    a = t_edge[0]
            a, b = b, a
        for blossom in marked:
            self.label[blossom] &= ~4
        return found

    def add_blossom(self, base: int, v: int, u: int) -> None:
        """Contract the odd cycle closed by the tight edge ``(v, u)`` into a new S-blossom."""
        root_child = self.in_blossom[base]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[root_child] = b

        # Path from v's side back to the common base: s0, t0, s1, ... (each reached from the next).
        v_path: list[int] = []
        child = self.in_blossom[v]
        while child != root_child:
            v_path.append(child)
            edge = self.label_edge[child]
            assert edge is not None
            child = self.in_blossom[edge[0]]
        u_path: list[int] = []
        child = self.in_blossom[u]
        while child != root_child:
            u_path.append(child)
            edge = self.label_edge[child]
            assert edge is not None
            child = self.in_blossom[edge[0]]

        children = [root_child]
        edges: list[tuple[int, int]] = []
        for c in reversed(v_path):
            edge = self.label_edge[c]
            assert edge is not None
            children.append(c)
            edges.append(edge)  # (p in previous child, q in c): already oriented forwards
        edges.append((v, u))
        for c in u_path:
            edge = self.label_edge[c]
            assert edge is not None
            children.append(c)
            edges.append((edge[1], edge[0]))  # reached from the next child: flip
        self.children[b] = children
        self.edges[b] = edges
        for c in children:
            self.parent[c] = b

        self.label[b] = _S
        self.label_edge[b] = self.label_edge[root_child]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if self.label[self.in_blossom[leaf]] == _T:
                self.queue.append(leaf)  # T-vertices become S-vertices
            self.in_blossom[leaf] = b

        # Least-slack edges from the new blossom to every other S-blossom.
        best_to: dict[int, tuple[int, int]] = {}
        for c in children:
            stored = self.blossom_best[c]
            candidates = (
                [(leaf, x) for leaf in self.leaves(c) for x in self.neighbours[leaf]]
                if stored is None
                else stored
            )
            for i, j in candidates:
                other = self.in_blossom[j]
                if other == b or self.label[other] != _S:
                    continue
                known = best_to.get(other)
                if known is None or self.slack(i, j) < self.slack(*known):
                    best_to[other] = (i, j)
            self.blossom_best[c] = None
            self.best_edge[c] = None
        self.blossom_best[b] = list(best_to.values())
        self.best_edge[b] = min(best_to.values(), key=lambda e: self.slack(*e), default=None)

    def expand_blossom(self, b: int, end_of_stage: bool) -> None:
        """Undo blossom ``b``; mid-stage, a T-blossom's children are relabelled along its even path."""
        for c in self.children[b]:
            self.parent[c] = -1
            if c < self.n:
                self.in_blossom[c] = c
            elif end_of_stage and self.dual[c] == 0:
                self.expand_blossom(c, end_of_stage)
            else:
                for leaf in self.leaves(c):
                    self.in_blossom[leaf] = c
        if not end_of_stage and self.label[b] == _T:
            self.relabel_expanded_t_blossom(b)
        self.label[b] = _FREE
        self.label_edge[b] = None
        self.children[b] = []
        self.edges[b] = []
        self.base[b] = -1
        self.best_edge[b] = None
        self.blossom_best[b] = None
        self.unused.append(b)

    def relabel_expanded_t_blossom(self, b: int) -> None:
        children = self.children[b]
        edges = self.edges[b]
        k = len(children)
        entry_edge = self.label_edge[b]
        assert entry_edge is not None
        p, q = entry_edge
        entry = self.in_blossom[q]
        j = children.index(entry)
        step = 1 if j % 2 == 1 else -1
        # Walk the even-length path from the entry child to the base child: T, S, T, S, ..., T.
        while j % k != 0:
            self.label[q] = _FREE
            self.assign_label(q, _T, p)  # also labels the next child S through its matched edge
            j += step
            if step == 1:
                p, q = edges[j % k]
            else:
                q, p = edges[(j - 1) % k]
            j += step
        base_child = children[0]
        self.label[q] = self.label[base_child] = _T
        self.label_edge[q] = self.label_edge[base_child] = (p, q)
        self.best_edge[base_child] = None
        # The other children are free again, unless one of their vertices was reached meanwhile.
        j += step
        while children[j % k] != entry:
            child = children[j % k]
            j += step
            if self.label[child] == _S:
                continue
            reached = next((leaf for leaf in self.leaves(child) if self.label[leaf] != _FREE), None)
            if reached is None:
                continue
            via = self.label_edge[reached]
            assert via is not None
            self.label[reached] = _FREE
            self.assign_label(reached, _T, via[0])

    def augment_blossom(self, b: int, v: int) -> None:
        """Rotate the matching inside blossom ``b`` so that vertex ``v`` becomes its base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        children = self.children[b]
        edges = self.edges[b]
        k = len(children)
        i = children.index(t)
        # Pair up the children along the even-length side of the cycle from t to the old base.
        if i % 2 == 1:
            pairs = [edges[m] for m in range(i + 1, k, 2)]
        else:
            pairs = [edges[m] for m in range(i - 2, -1, -2)]
        for x, y in pairs:
            for end in (x, y):
                c = end
                while self.parent[c] != b:
                    c = self.parent[c]
                if c >= self.n:
                    self.augment_blossom(c, end)
            self.mate[x] = y
            self.mate[y] = x
        self.children[b] = children[i:] + children[:i]
        self.edges[b] = edges[i:] + edges[:i]
        self.base[b] = v

    def augment(self, v: int, u: int) -> None:
        """Flip the augmenting path that runs through the tight edge ``(v, u)`` between two S-trees."""
        for s, j in ((v, u), (u, v)):
            while True:
                bs = self.in_blossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = j
                edge = self.label_edge[bs]
                if edge is None:
                    break
                t = edge[0]
                bt = self.in_blossom[t]
                t_edge = self.label_edge[bt]
                assert t_edge is not None
                p, q = t_edge
                if bt >= self.n:
                    self.augment_blossom(bt, q)
                self.mate[q] = p
                s, j = p, q

    # -- the main loop ------------------------------------------------------------------------------

    def run(self) -> list[int]:
        n = self.n
        for _stage in range(n):
            self.label = [_FREE] * (2 * n)
            self.label_edge = [None] * (2 * n)
            self.best_edge = [None] * (2 * n)
            self.blossom_best = [None] * (2 * n)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.in_blossom[v]] == _FREE:
                    self.assign_label(v, _S, -1)
            if not self.queue:
                break
            augmented = False
            while not augmented:
                while self.queue and not augmented:
                    v = self.queue.pop()
                    for u in self.neighbours[v]:
                        bv, bu = self.in_blossom[v], self.in_blossom[u]
                        if bv == bu:
                            continue
                        slack = self.slack(v, u)
                        if slack <= 0:
                            if self.label[bu] == _FREE:
                                self.assign_label(u, _T, v)
                            elif self.label[bu] == _S:
                                base = self.trace_back(v, u)
                                if base >= 0:
                                    self.add_blossom(base, v, u)
                                else:
                                    self.augment(v, u)
                                    augmented = True
                                    break
                            elif self.label[u] == _FREE:
                                # u sits unreached inside a T-blossom; remember how it can be reached.
                                self.label[u] = _T
                                self.label_edge[u] = (v, u)
                        elif self.label[bu] == _S:
                            best = self.best_edge[bv]
                            if best is None or slack < self.slack(*best):
                                self.best_edge[bv] = (v, u)
                        elif self.label[u] == _FREE:
                            best = self.best_edge[u]
                            if best is None or slack < self.slack(*best):
                                self.best_edge[u] = (v, u)
                if augmented:
                    break
                if not self.adjust_duals():
                    break
            if not augmented:
                break
            for b in range(n, 2 * n):
                if self.parent[b] == -1 and self.base[b] >= 0 and self.label[b] == _S and self.dual[b] == 0:
                    self.expand_blossom(b, end_of_stage=True)
        return self.mate

    def adjust_duals(self) -> bool:
        """Make the next edge tight (or a T-blossom dual zero); False when the matching is optimal."""
        n = self.n
        kind = 1
        delta = min(self.dual[v] for v in range(n) if self.label[self.in_blossom[v]] == _S)
        chosen: tuple[int, int] | int | None = None
        for v in range(n):
            edge = self.best_edge[v]
            if self.label[self.in_blossom[v]] == _FREE and edge is not None:
                d = self.slack(*edge)
                if d < delta:
                    kind, delta, chosen = 2, d, edge
        for b in range(2 * n):
            if self.parent[b] != -1 or self.label[b] != _S or (b >= n and self.base[b] < 0):
                continue
            edge = self.best_edge[b]
            if edge is not None:
                d = self.slack(*edge) // 2
                if d < delta:
                    kind, delta, chosen = 3, d, edge
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1 and self.label[b] == _T and self.dual[b] < delta:
                kind, delta, chosen = 4, self.dual[b], b
        for v in range(n):
            label = self.label[self.in_blossom[v]]
            if label == _S:
                self.dual[v] -= delta
            elif label == _T:
                self.dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if self.label[b] == _S:
                    self.dual[b] += delta
                elif self.label[b] == _T:
                    self.dual[b] -= delta
        if kind == 1:
            return False
        if kind == 4:
            assert isinstance(chosen, int)
            self.expand_blossom(chosen, end_of_stage=False)
        else:
            assert isinstance(chosen, tuple)
            i, j = chosen
            if self.label[self.in_blossom[i]] == _FREE:
                i = j
            self.queue.append(i)
        return True


def max_weight_matching(weights: Sequence[Sequence[int | None]]) -> list[int]:
    """A maximum-weight matching of the graph given by a symmetric weight matrix.

    Parameters
    ----------
    weights:
        ``weights[i][j]`` is the integer weight of edge ``{i, j}``, or ``None`` when there is no edge.
        The diagonal is ignored.

    Returns
    -------
    list[int]
        ``mate[v]``: the vertex matched to ``v``, or ``-1``.

    Notes
    -----
    Edmonds' weighted blossom algorithm with the primal-dual organisation of Galil (1986): ``O(n)``
    stages, each with ``O(n)`` dual adjustments costing ``O(n)`` apiece plus ``O(n^2)`` edge scans,
    so ``O(n^3)`` overall on a dense graph. Integer weights of any size stay exact (Python ints).
    Only edges of positive weight can improve a matching; zero or negative ones are never needed.
    """
    n = len(weights)
    if n < 2:
        return [-1] * n
    return _Blossoms(weights).run()


# ---------------------------------------------------------------------------------------------------
# Participant state, recomputed here from the round records (played games only, GHR 3.4).
# ---------------------------------------------------------------------------------------------------

_NONE, _MILD, _STRONG, _ABSOLUTE = 0, 1, 2, 3
_STRENGTH_WORD = {_MILD: "mild", _STRONG: "strong", _ABSOLUTE: "absolute"}
_WORD = {Colour.WHITE: "White", Colour.BLACK: "Black"}


@dataclass(frozen=True, slots=True)
class _State:
    """One available participant as the least-bad search sees them."""

    participant: Participant
    rank: int
    """Position in the pairing order (pairing score descending, then TPN; Dutch Art. 1.2), 0 = top."""
    score: int
    pairing_score: int
    """Score plus this round's acceleration (Baku, C.04.7 Art. 1.5)."""
    colours: tuple[Colour, ...]
    """Colours of played games, oldest first."""
    preference: Colour | None
    strength: int
    met: dict[int, int]
    """Opponent id -> latest round of a played game between them (C1; forfeits do not count)."""
    bye_rounds: tuple[int, ...]
    """Rounds with a PAB or a win's points without playing: each bars the bye (C2)."""
    unplayed: int
    """Rounds without a played game (C9)."""
    floats: tuple[str | None, str | None]
    """Float received in rounds r-1 and r-2: ``"down"``, ``"up"`` or ``None`` (Dutch Art. 1.4)."""
    topscorer: bool
    entry_number: int
    """Position by TPN among the participants who have entered the event (available now, or paired
    or given the bye before): the number whose parity decides Art. 5.2.5, as the reference engine
    numbers it, so a never-seen absentee does not shift everyone below them."""

    @property
    def id(self) -> int:
        return self.participant.id

    @property
    def difference(self) -> int:
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    @property
    def name(self) -> str:
        return self.participant.name.strip() or f"No. {self.participant.tpn}"

    def limits_broken(self, colour: Colour) -> tuple[str, ...]:
        """Colour limits (BR 6-7) this participant would break by getting ``colour``."""
        broken: list[str] = []
        if len(self.colours) >= 2 and self.colours[-1] is colour and self.colours[-2] is colour:
            broken.append("colour-three-in-row")
        if abs(self.difference + (1 if colour is Colour.WHITE else -1)) > 2:
            broken.append("colour-difference")
        return tuple(broken)


def _preference(colours: Sequence[Colour]) -> tuple[Colour | None, int]:
    """Colour preference and its strength (Dutch Art. 1.7), from played colours only."""
    cd = sum(1 if c is Colour.WHITE else -1 for c in colours)
    if cd < -1:
        return Colour.WHITE, _ABSOLUTE
    if cd > 1:
        return Colour.BLACK, _ABSOLUTE
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return colours[-1].opposite, _ABSOLUTE
    if cd != 0:
        return (Colour.WHITE if cd < 0 else Colour.BLACK), _STRONG
    if colours:
        return colours[-1].opposite, _MILD
    return None, _NONE


def _validate(request: PairingRequest) -> None:
    ids = [p.id for p in request.participants]
    tpns = [p.tpn for p in request.participants]
    if len(set(ids)) != len(ids):
        raise InvalidRequestError("two participants share an id")
    if len(set(tpns)) != len(tpns):
        raise InvalidRequestError("two participants share a pairing number")
    for p in request.participants:
        if len(p.history) != request.round_number - 1:
            raise InvalidRequestError(
                f"participant {p.id} has {len(p.history)} round records; round {request.round_number} "
                f"needs {request.round_number - 1}"
            )


def _states(request: PairingRequest) -> list[_State]:
    """Available participants in pairing order, with everything the search needs."""
    rounds = request.round_number - 1
    scoring = request.scoring
    everyone = request.participants
    # Running scores before each round (index k = before round k + 1), for float history.
    before: dict[int, list[int]] = {}
    for p in everyone:
        running = [0]
        for record in p.history:
            running.append(running[-1] + scoring.points(record.result))
        before[p.id] = running

    def pairing_score_before(pid: int, k: int) -> int:
        """Pairing score before round ``k + 1`` (0-based ``k``), acceleration included."""
        p = by_id[pid]
        extra = p.accelerations[k] if k < len(p.accelerations) else 0
        return before[pid][k] + extra

    by_id = {p.id: p for p in everyone}

    def float_in(p: Participant, k: int) -> str | None:
        """Dutch Art. 1.4.2-1.4.4: the float ``p`` received in round ``k + 1``."""
        if k < 0:
            return None
        record = p.history[k]
        if record.result.played:
            if record.opponent is None or record.opponent not in by_id:
                return None
            mine, theirs = pairing_score_before(p.id, k), pairing_score_before(record.opponent, k)
            return "down" if mine > theirs else "up" if mine < theirs else None
        if record.result is ResultCode.PAB or scoring.points(record.result) > scoring.loss:
            return "down"
        return None

    final = request.round_number >= request.total_rounds
    half_max = rounds * scoring.win
    drafts = []
    for p in everyone:
        if not p.available:
            continue
        colours = tuple(r.colour for r in p.history if r.result.played and r.colour is not None)
        met: dict[int, int] = {}
        for number, record in enumerate(p.history, start=1):
            if record.result.played and record.opponent is not None:
                met[record.opponent] = number
        # A meeting counts even when only the opponent's record mentions it.
        for other in everyone:
            for number, record in enumerate(other.history, start=1):
                if record.result.played and record.opponent == p.id:
                    met[other.id] = max(met.get(other.id, 0), number)
        bye_rounds = tuple(
            number
            for number, r in enumerate(p.history, start=1)
            if not r.result.played and (r.result is ResultCode.PAB or scoring.points(r.result) >= scoring.win)
        )
        score = before[p.id][rounds]
        extra = p.accelerations[rounds] if rounds < len(p.accelerations) else 0
        preference, strength = _preference(colours)
        drafts.append(
            (
                p,
                score,
                score + extra,
                colours,
                preference,
                strength,
                met,
                bye_rounds,
                sum(1 for r in p.history if not r.result.played),
                (float_in(p, rounds - 1), float_in(p, rounds - 2)),
                final and 2 * score > half_max,
            )
        )
    drafts.sort(key=lambda d: (-d[2], d[0].tpn))
    entered = sorted(
        p.tpn
        for p in everyone
        if p.available or any(r.result.paired or r.result is ResultCode.PAB for r in p.history)
    )
    entry = {tpn: k for k, tpn in enumerate(entered, start=1)}
    return [_State(d[0], rank, *d[1:], entry[d[0].tpn]) for rank, d in enumerate(drafts)]


# ---------------------------------------------------------------------------------------------------
# Colours (Dutch Art. 5.2).
# ---------------------------------------------------------------------------------------------------


def _allocate(a: _State, b: _State, initial: Colour) -> tuple[Colour, str, str]:
    """Colour for ``a`` (the higher-ranked of the pair) under Dutch Art. 5.2, with the deciding step.

    Returns ``(colour of a, colour_rule code, reason in plain words)``.
    """
    pa, pb = a.preference, b.preference
    # 5.2.1: grant both preferences (or the only one there is).
    if pa is not None and pb is not None and pa is not pb:
        return pa, "both-preferences", "both colour preferences granted"
    if pa is not None and pb is None:
        return pa, "both-preferences", f"{a.name}'s colour preference granted (the other has none)"
    if pb is not None and pa is None:
        return pb.opposite, "both-preferences", f"{b.name}'s colour preference granted (the other has none)"
    # 5.2.2: the stronger preference; two absolute ones go to the wider colour difference.
    if pa is not None and pb is not None:
        if a.strength != b.strength:
            winner = a if a.strength > b.strength else b
            colour = pa if winner is a else pb.opposite
            word = _STRENGTH_WORD[winner.strength]
            return colour, "stronger-preference", f"{winner.name}'s {word} preference outweighs the other's"
        if a.strength == _ABSOLUTE and abs(a.difference) != abs(b.difference):
            winner = a if abs(a.difference) > abs(b.difference) else b
            colour = pa if winner is a else pb.opposite
            return colour, "larger-colour-difference", f"{winner.name} has the larger colour difference"
    # 5.2.3: alternate from the latest round in which they had different colours (GHR 3.4 alignment).
    for mine, theirs in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if mine is not theirs:
            return mine.opposite, "alternation", "colours alternate from the last round they differed"
    # 5.2.4: the higher-ranked participant's preference.
    if pa is not None:
        return pa, "higher-ranked-preference", f"{a.name}, the higher-ranked, gets their preference"
    # 5.2.5: pairing-number parity with the initial colour drawn by lot.
    colour = initial if a.entry_number % 2 == 1 else initial.opposite
    return colour, "initial-colour", f"{a.name}'s pairing number decides with the colour drawn before round 1"


# ---------------------------------------------------------------------------------------------------
# The least-bad pairing.
# ---------------------------------------------------------------------------------------------------

_RELAXATIONS = (
    "forbidden",
    "rematches",
    "bye_ineligible",
    "colour_limits",
    "bye_earlier",
    "rematch_recency",
)
"""Relaxations, worst first; each count is minimised before the next. ``bye_earlier`` (fewest earlier
byes for a second bye) and ``rematch_recency`` only break ties between equal counts: ranking them
above the colour count would trade a broken colour limit for a tie-break."""

_BRACKET_TERMS = (
    "floats",
    "float_scores",
    "bye_unplayed",
    "preference_missed",
    "strong_missed",
    "float_repeat_1",
    "float_repeat_2",
    "mdp_order",
    "exchanges",
    "order",
)
"""Dutch-like quality terms, compared bracket by bracket from the top score group down."""

_Level = str | tuple[str, int]
_Costs = dict[int, int]
"""Sparse cost vector: level index -> value (missing levels are zero)."""


class _Levels:
    """The lexicographic cost levels of one request.

    Order: the relaxations, then the bye receiver's score (C5), then for every score group from the
    top down the criteria of the bracket that group heads (C6 floats out of it, C7 their scores, C9 the
    bye receiver's unplayed rounds, C12-C13 colour preferences, C14-C17 repeated floats, and finally
    how far the pairs are from S1 against S2 in order, Art. 3.3: moved-down players against the
    highest residents first, then residents paired across the halves of their group), and last the
    bye receiver's rank.
    Comparing bracket by bracket mirrors the Dutch system's top-down pairing (Art. 1.9.2), where a
    bracket's own criteria outrank everything in the brackets below it.
    """

    def __init__(self, group_count: int) -> None:
        names: list[_Level] = [*_RELAXATIONS, "bye_score"]
        for group in range(group_count):
            names.extend((term, group) for term in _BRACKET_TERMS)
        names.append("bye_rank")
        self.index: dict[_Level, int] = {name: i for i, name in enumerate(names)}
        self.size = len(names)
        self.last_group = group_count - 1

    def add(self, costs: _Costs, level: _Level, value: int) -> None:
        if value:
            i = self.index[level]
            costs[i] = costs.get(i, 0) + value


@dataclass(frozen=True, slots=True)
class _Pair:
    high: _State
    """The higher-ranked participant (Dutch Art. 1.2)."""
    low: _State
    high_colour: Colour
    colour_rule: str
    colour_reason: str
    costs: _Costs


@dataclass(frozen=True, slots=True)
class _Groups:
    """Score groups of the available participants, top group first."""

    scores: list[int]
    """Pairing score of each group, descending."""
    of: dict[int, int]
    """Participant id -> group index."""
    position: dict[int, int]
    """Participant id -> position inside the group (pairing order)."""
    size: list[int]

    @classmethod
    def of_states(cls, states: Sequence[_State]) -> _Groups:
        scores: list[int] = []
        of: dict[int, int] = {}
        position: dict[int, int] = {}
        size: list[int] = []
        for s in states:  # already in pairing order
            if not scores or scores[-1] != s.pairing_score:
                scores.append(s.pairing_score)
                size.append(0)
            of[s.id] = len(scores) - 1
            position[s.id] = size[-1]
            size[-1] += 1
        return cls(scores, of, position, size)


def _float_out(levels: _Levels, costs: _Costs, groups: _Groups, state: _State, until: int) -> None:
    """``state`` leaves every bracket from its own group down to (not including) group ``until``."""
    home = groups.of[state.id]
    for group in range(home, until):
        levels.add(costs, ("floats", group), 1)
        levels.add(costs, ("float_scores", group), state.pairing_score - groups.scores[group])
    if until > home:
        levels.add(costs, ("float_repeat_1", home), int(state.floats[0] == "down"))
        levels.add(costs, ("float_repeat_2", home), int(state.floats[1] == "down"))


def _pair_costs(a: _State, b: _State, request: PairingRequest, levels: _Levels, groups: _Groups) -> _Pair:
    """Costs of pairing ``a`` (higher-ranked) with ``b``; ``b``'s group is the bracket that pairs them."""
    colour, rule, reason = _allocate(a, b, request.initial_colour)
    costs: _Costs = {}
    levels.add(costs, "forbidden", int(frozenset((a.id, b.id)) in request.forbidden_pairs))
    last_met = max(a.met.get(b.id, 0), b.met.get(a.id, 0))
    if last_met:
        levels.add(costs, "rematches", 1)
        levels.add(costs, "rematch_recency", last_met)
    if not (a.topscorer or b.topscorer):
        broken = int(bool(a.limits_broken(colour))) + int(bool(b.limits_broken(colour.opposite)))
        levels.add(costs, "colour_limits", broken)
    bracket = groups.of[b.id]
    for state, got in ((a, colour), (b, colour.opposite)):
        if state.preference is not None and state.preference is not got:
            levels.add(costs, ("preference_missed", bracket), 1)
            levels.add(costs, ("strong_missed", bracket), int(state.strength >= _STRONG))
    _float_out(levels, costs, groups, a, bracket)
    if a.pairing_score != b.pairing_score:
        levels.add(costs, ("float_repeat_1", bracket), int(b.floats[0] == "up"))
        levels.add(costs, ("float_repeat_2", bracket), int(b.floats[1] == "up"))
        levels.add(costs, ("mdp_order", bracket), groups.position[b.id])  # MDPs meet the top residents
    else:
        i, j = groups.position[a.id], groups.position[b.id]
        half = groups.size[bracket] // 2
        levels.add(costs, ("exchanges", bracket), int(not i < half <= j))
        levels.add(costs, ("order", bracket), abs(j - i - half))
    return _Pair(a, b, colour, rule, reason, costs)


def _bye_costs(state: _State, levels: _Levels, groups: _Groups, count: int) -> _Costs:
    costs: _Costs = {}
    if state.bye_rounds:
        levels.add(costs, "bye_ineligible", 1)
        levels.add(costs, "bye_earlier", len(state.bye_rounds))
    levels.add(costs, "bye_score", state.pairing_score - groups.scores[-1])
    _float_out(levels, costs, groups, state, len(groups.scores))
    levels.add(costs, ("bye_unplayed", levels.last_group), state.unplayed)
    levels.add(costs, "bye_rank", count - 1 - state.rank)
    return costs


def _pack(levels: _Levels, all_costs: Sequence[_Costs], edges_in_matching: int) -> tuple[list[int], int]:
    """Multipliers that make a weighted sum compare cost vectors lexicographically, and the total bound.

    Each level gets room for ``edges_in_matching`` times its largest per-edge value, so no sum of lower
    levels can outweigh one unit of a higher level.
    """
    largest = [0] * levels.size
    for costs in all_costs:
        for level, value in costs.items():
            largest[level] = max(largest[level], value)
    multipliers = [0] * levels.size
    scale = 1
    for level in reversed(range(levels.size)):
        multipliers[level] = scale
        scale *= largest[level] * edges_in_matching + 1
    return multipliers, scale


def pair_least_bad(request: PairingRequest) -> PairingResult:
    """Pair a round even when no pairing keeps every absolute rule, breaking as little as possible.

    Parameters
    ----------
    request:
        The round to pair. ``request.least_bad`` need not be set: the Dutch engine calls this when
        it is set and no pairing satisfies C1-C3 (Dutch Art. 1.9.3).

    Returns
    -------
    PairingResult
        Boards in GHR 3.6 order with colours by Dutch Art. 5.2, the bye (if the number of available
        participants is odd), one :class:`Violation` per broken rule worded for players and prefixed
        with the round, and an explanation whose notes say why this path was taken.

    Raises
    ------
    InvalidRequestError
        Duplicate ids or pairing numbers, or a history of the wrong length.

    Notes
    -----
    Relaxation order (each minimised before the next): colour limits (BR 6-7, counted in
    participants; C3 clashes always show up there), bye eligibility (BR 4 / C2: whether the bye
    goes to someone barred, then how many byes they already had), rematches (BR 2 / C1: how many),
    and forbidden pairs last of all; equal counts prefer rematches of pairs that met longest ago.
    Pairings that break equally little are then compared by Dutch-like quality terms (C5, C6-C7, C9, C12-C17, S1/S2
    order). It is one maximum-weight perfect matching on ``n`` (+1) vertices with packed integer
    weights: ``O(n^3)`` time and ``O(n^2)`` memory.
    """
    _validate(request)
    states = _states(request)
    count = len(states)
    groups = _Groups.of_states(states)
    levels = _Levels(len(groups.scores))
    pairs = {
        (i, j): _pair_costs(states[i], states[j], request, levels, groups)
        for i in range(count)
        for j in range(i + 1, count)
    }
    needs_bye = count % 2 == 1
    byes = {i: _bye_costs(states[i], levels, groups, count) for i in range(count)} if needs_bye else {}
    vertices = count + (1 if needs_bye else 0)
    all_costs = [p.costs for p in pairs.values()] + list(byes.values())
    multipliers, bound = _pack(levels, all_costs, vertices // 2)

    def weight(costs: _Costs) -> int:
        return bound - sum(multipliers[level] * value for level, value in costs.items())

    matrix: list[list[int | None]] = [[None] * vertices for _ in range(vertices)]
    for (i, j), pair in pairs.items():
        matrix[i][j] = matrix[j][i] = weight(pair.costs)
    for i, costs in byes.items():
        matrix[i][count] = matrix[count][i] = weight(costs)
    mate = max_weight_matching(matrix) if vertices >= 2 else [-1] * vertices

    chosen = [pairs[(i, mate[i])] for i in range(count) if mate[i] > i and mate[i] < count]
    bye_state = next((states[i] for i in range(count) if mate[i] == count), None)
    if needs_bye and bye_state is None:  # a single available participant
        bye_state = states[0]
    return _result(request, states, chosen, bye_state)


def _result(
    request: PairingRequest, states: list[_State], chosen: list[_Pair], bye: _State | None
) -> PairingResult:
    """Boards in GHR 3.6 order, the violations the chosen pairing breaks, and the explanation."""
    chosen = sorted(
        chosen,
        key=lambda p: (
            -p.high.pairing_score,
            -(p.high.pairing_score + p.low.pairing_score),
            p.high.participant.tpn,
        ),
    )
    boards: list[Board] = []
    notes: list[BoardNote] = []
    floats: list[FloatNote] = []
    for number, pair in enumerate(chosen, start=1):
        white, black = (pair.high, pair.low) if pair.high_colour is Colour.WHITE else (pair.low, pair.high)
        boards.append(Board(number, white.id, black.id))
        notes.append(
            BoardNote(
                number,
                pair.colour_rule,
                f"Board {number}: {white.name} has White and {black.name} Black: {pair.colour_reason} "
                f"(Dutch Art. 5.2).",
            )
        )
        if pair.high.pairing_score != pair.low.pairing_score:
            high, low = pair.high, pair.low
            floats.append(
                FloatNote(
                    high.id,
                    "down",
                    high.pairing_score,
                    low.pairing_score,
                    f"{high.name} paired down to a lower score in the least-bad pairing",
                )
            )
            floats.append(
                FloatNote(
                    low.id,
                    "up",
                    low.pairing_score,
                    high.pairing_score,
                    f"{low.name} paired up against a higher score in the least-bad pairing",
                )
            )
    if bye is not None:
        floats.append(
            FloatNote(bye.id, "down", bye.pairing_score, 0, f"{bye.name} receives the pairing-allocated bye")
        )

    violations = _violations(request, chosen, bye)
    prefix = f"Round {request.round_number}: no pairing keeps every rule. "
    violations = [Violation(v.rule, v.participants, prefix + v.message) for v in violations]
    if violations:
        summary = (
            f"Round {request.round_number}: no pairing keeps every absolute rule (no rematch, bye "
            "eligibility, colour limits), so instead of refusing to pair the round the least bad pairing "
            "was chosen. Rules are relaxed in a fixed order, each as little as possible before the "
            "next: colour limits, then bye eligibility, then rematches, then forbidden pairs. "
            f"Broken here: {_summary(violations)}."
        )
    else:
        summary = (
            f"Round {request.round_number}: the least-bad search was used and found a pairing that keeps "
            "every absolute rule."
        )
    groups: dict[int, list[int]] = {}
    for s in states:
        groups.setdefault(s.pairing_score, []).append(s.id)
    explanation = Explanation(
        scoregroups=tuple((score, tuple(ids)) for score, ids in groups.items()),
        floats=tuple(floats),
        boards=tuple(notes),
        notes=(summary,),
    )
    return PairingResult(
        boards=tuple(boards),
        bye=None if bye is None else bye.id,
        violations=tuple(violations),
        explanation=explanation,
    )


_RULE_ORDER = [
    "colour-clash",
    "colour-three-in-row",
    "colour-difference",
    "second-bye",
    "rematch",
    "forbidden-pair",
]
_RULE_WORDS = {
    "colour-clash": (
        "pair who both had to have the same colour",
        "pairs who both had to have the same colour",
    ),
    "colour-three-in-row": ("same colour three times running", "same colour three times running (x{n})"),
    "colour-difference": ("colours more than two games apart", "colours more than two games apart (x{n})"),
    "second-bye": ("a bye for someone who already had one", "byes for players who already had one"),
    "rematch": ("a rematch", "{n} rematches"),
    "forbidden-pair": ("a forbidden pairing", "{n} forbidden pairings"),
}


def _summary(violations: Sequence[Violation]) -> str:
    """``a rematch, same colour three times running (x2)``: each kind once, counted, in rule order."""
    counts = {rule: sum(1 for v in violations if v.rule == rule) for rule in _RULE_ORDER}
    parts = []
    for rule, n in counts.items():
        if n:
            one, many = _RULE_WORDS[rule]
            parts.append(one if n == 1 else many.format(n=n))
    return ", ".join(parts)


def _violations(request: PairingRequest, chosen: Sequence[_Pair], bye: _State | None) -> list[Violation]:
    """What the chosen pairing breaks, from the search's own bookkeeping (not from the checker)."""
    out: list[Violation] = []
    if bye is not None and bye.bye_rounds:
        rounds = ", ".join(str(r) for r in bye.bye_rounds)
        plural = "s" if len(bye.bye_rounds) > 1 else ""
        out.append(
            Violation(
                "second-bye",
                (bye.id,),
                f"{bye.name} gets the bye again, after a bye or a win without playing in round{plural} "
                f"{rounds} (rule: nobody gets the bye twice, nor after a forfeit win).",
            )
        )
    for pair in chosen:
        a, b = pair.high, pair.low
        ids = tuple(s.id for s in sorted((a, b), key=lambda s: s.participant.tpn))
        first, second = sorted((a, b), key=lambda s: s.participant.tpn)
        last_met = max(a.met.get(b.id, 0), b.met.get(a.id, 0))
        if last_met:
            out.append(
                Violation(
                    "rematch",
                    ids,
                    f"{first.name} and {second.name} play each other again; they already met in round "
                    f"{last_met} (rule: no two players meet twice).",
                )
            )
        if frozenset((a.id, b.id)) in request.forbidden_pairs:
            out.append(
                Violation(
                    "forbidden-pair",
                    ids,
                    f"{first.name} and {second.name} are paired although the organiser ruled they must "
                    "not meet (rule: forbidden pairings).",
                )
            )
        if a.topscorer or b.topscorer:
            continue  # final-round topscorer exception (Dutch C3, C10-C11)
        if a.strength == _ABSOLUTE and b.strength == _ABSOLUTE and a.preference is b.preference:
            assert a.preference is not None
            out.append(
                Violation(
                    "colour-clash",
                    ids,
                    f"{first.name} and {second.name} both had to have {_WORD[a.preference]} "
                    "(rule: two players who must both have the same colour are not paired together).",
                )
            )
        for state, colour in ((a, pair.high_colour), (b, pair.high_colour.opposite)):
            for rule in state.limits_broken(colour):
                if rule == "colour-three-in-row":
                    text = (
                        f"{state.name} gets {_WORD[colour]} three times in a row "
                        "(rule: never the same colour three times running)."
                    )
                else:
                    after = state.difference + (1 if colour is Colour.WHITE else -1)
                    more = "White" if after > 0 else "Black"
                    text = (
                        f"{state.name} will have played {abs(after)} more games with {more} than with the "
                        "other colour (rule: never more than two games apart)."
                    )
                out.append(Violation(rule, (state.id,), text))
    return out
