"""The tournament as the tie-breaks see it: checked histories, scores, each round's (stand-in) opponent."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.errors import InvalidRequestError
from pairing.engine.types import Participant, ResultCode, RoundRecord, Scoring

from . import encounter
from . import values as tv
from .encounter import DE_RULES
from .histories import check_opponents
from .table import BY_CODE, UnknownTiebreakError
from .values import Contribution, TiebreakValue, fraction, pts, units

REGIMES: tuple[str, ...] = ("virtual-opponent", "fide-2024", "fide-2026")
"""Ways of counting unplayed rounds (C.07 Art. 16 and its predecessor); the first is the product's default.

``virtual-opponent`` (the product's default; the players' explainer and the 2012 rule, C.02 13.15/13.16)
    A round without an opponent counts as a game against a virtual opponent who had the participant's score
    before that round, got the opposite result in it and drew every later round:
    ``Svon = SPR + opposite(SfPR) + D * (n - R)``. For 1 / ½ / 0 scoring ``opposite(SfPR) = W - SfPR``.
    When the participant is *someone else's* opponent, each of their unplayed rounds counts as a draw.
``fide-2024`` (C.07, edition of 29/07/2024, Art. 16)
    An own unplayed round counts as a game against a dummy with the participant's own final score. As an
    opponent, a participant's requested byes followed only by voluntary unplayed rounds (category 16.2.5)
    count as draws (16.3). Cuts remove a voluntary unplayed round first (16.5).
``fide-2026`` (C.07, edition of 02/02/2026, Art. 16)
    As ``fide-2024``, with the dummy's score capped (16.4.1 and 16.4.2): for a forfeit at the scheduled
    opponent's adjusted score, otherwise at draw points times the number of rounds.

In a round robin (C.07 Art. 15.2) forfeits count as games against the scheduled opponent, scores are not
adjusted, and a bye round contributes nothing; the regime does not apply and Buchholz is refused (2026 Art. 8.1).
"""


RATING_BASES: tuple[str, ...] = ("first", "round", "chosen")
"""Which of a participant's ratings the rating tie-breaks (ARO, TPR) count when a tournament lasting more than
30 days gives players a rating per rating list (FIDE's endorsement checklist, Q210-216):

``first`` (the default; C.07 Art. 10: "the first one when there are several")
    Every opponent counts with the rating they started with (``Participant.rating``).
``round``
    An opponent counts with the rating valid in the round the game was played.
``chosen``
    Every opponent counts with the rating valid in the round the user chose (``rating_round``).
"""


@dataclass(frozen=True, slots=True)
class RatingFrom:
    """A participant's rating from a round on (a later rating list of a long tournament): it replaces the
    first rating (``Participant.rating``) and any earlier ``RatingFrom`` from ``from_round`` on."""

    participant: int
    from_round: int
    rating: int


@dataclass(frozen=True, slots=True)
class Entry:
    """A participant's opponent (real, virtual or dummy) in one round, as BH/SB/KS use it."""

    round: int
    opponent: int | None
    source: str
    score: int
    """Opponent's score in half-points as this regime counts it."""
    own: int
    """Half-points the participant scored in that round."""
    vur: bool
    """Voluntary unplayed round (C.07 16.1): requested bye or forfeit loss."""
    detail: str


_VUR_CODES = frozenset({ResultCode.HALF_BYE, ResultCode.ZERO_BYE, ResultCode.FORFEIT_LOSS})
_FORFEITS = frozenset({ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS})


class TournamentTiebreaks:
    """The tournament as the tie-breaks see it after ``rounds`` rounds, in one unplayed-round regime.

    Building it validates the histories and precomputes every participant's per-round scores, adjusted score
    (as an opponent) and opponent entries, in O(participants x rounds). Each tie-break value is then
    O(rounds) (DE: O(group size x rounds)).

    Parameters
    ----------
    participants
        Everyone in the standings, withdrawn ones included. Histories shorter than ``rounds`` are padded with
        zero-point byes (rounds after a withdrawal that were not recorded); records after ``rounds`` are
        ignored, so standings after an earlier round can be computed from a longer history.
    rounds
        Number of rounds to count (``n`` in the virtual-opponent formula and in 16.4.2).
    scoring, regime, round_robin
        Scoring system; one of :data:`REGIMES`; True for a round robin (C.07 15.2, no Buchholz).
    direct_encounter
        One of :data:`DE_RULES`: ``all-met`` (the product's default) or ``fide``.
    unrated_rating
        The rating an unrated opponent (rating 0) counts with in ARO and TPR (C.07 Art. 10: the tournament's
        regulations say beforehand how unrated players count), an integer >= 0 (0 is a rating too: the
        endorsement checklist names "an estimate, or 0"). ``None``: unrated opponents are left out of the
        average (the product's behaviour before this setting; see :mod:`.ratings`).
    later_ratings, rating_basis, rating_round
        A long tournament's later ratings (:class:`RatingFrom`) and which rating ARO and TPR count
        (:data:`RATING_BASES`; ``rating_round`` with ``chosen``). The default counts the first rating.

    Raises
    ------
    InvalidRequestError
        Duplicate ids, unknown or inconsistent opponents, a game without an opponent, negative ``rounds``,
        a negative or non-integer ``unrated_rating``.
    UnknownTiebreakError
        Unknown regime.
    """

    def __init__(
        self,
        participants: Sequence[Participant],
        rounds: int,
        *,
        scoring: Scoring | None = None,
        regime: str = "virtual-opponent",
        round_robin: bool = False,
        direct_encounter: str = "all-met",
        unrated_rating: int | None = None,
        later_ratings: Sequence[RatingFrom] = (),
        rating_basis: str = "first",
        rating_round: int | None = None,
    ) -> None:
        if regime not in REGIMES:
            raise UnknownTiebreakError(
                f"unknown unplayed-round rule {regime!r}; choose one of: {', '.join(REGIMES)}"
            )
        if rounds < 0:
            raise InvalidRequestError(f"the number of rounds cannot be negative (got {rounds})")
        self.scoring = scoring or Scoring()
        self.regime = regime
        self.round_robin = round_robin
        if direct_encounter not in DE_RULES:
            raise UnknownTiebreakError(
                f"unknown direct-encounter rule {direct_encounter!r}; choose one of: {', '.join(DE_RULES)}"
            )
        self.de_rule = direct_encounter
        if unrated_rating is not None and (
            isinstance(unrated_rating, bool) or not isinstance(unrated_rating, int) or unrated_rating < 0
        ):
            raise InvalidRequestError(
                f"the rating of unrated players must be a whole number of at least 0 (got {unrated_rating!r})"
            )
        self.unrated_rating = unrated_rating
        self.rounds = rounds
        self.by_id: dict[int, Participant] = {}
        for p in participants:
            if p.id in self.by_id:
                raise InvalidRequestError(f"participant id {p.id} appears twice")
            self.by_id[p.id] = p
        self.rating_basis, self.rating_round = self._checked_basis(rating_basis, rating_round)
        self.later_ratings = self._checked_later_ratings(later_ratings)
        self.records: dict[int, tuple[RoundRecord, ...]] = {}
        for p in participants:
            recs = list(p.history[:rounds])
            recs += [RoundRecord(ResultCode.ZERO_BYE)] * (rounds - len(recs))
            self.records[p.id] = tuple(recs)
        check_opponents(self.records, self.by_id)
        s = self.scoring
        self.hp: dict[int, tuple[int, ...]] = {
            pid: tuple(s.points(r.result) for r in recs) for pid, recs in self.records.items()
        }
        self.total: dict[int, int] = {pid: sum(h) for pid, h in self.hp.items()}
        self.category: dict[int, tuple[str | None, ...]] = {
            pid: self._categories(recs) for pid, recs in self.records.items()
        }
        self.adjusted: dict[int, int] = {pid: self._adjusted(pid) for pid in self.records}
        self.entries: dict[int, tuple[Entry, ...]] = {pid: self._entries(pid) for pid in self.records}
        self._opponent_lines: dict[tuple[int, bool], tuple[Contribution, ...]] = {}
        """(participant, product) -> BH's or SB's breakdown lines before any cut (:meth:`opponent_lines`)."""

    # ------------------------------------------------------------------ set-up

    @staticmethod
    def _checked_basis(basis: str, rating_round: int | None) -> tuple[str, int | None]:
        if basis not in RATING_BASES:
            raise InvalidRequestError(
                f"unknown rating basis {basis!r}; choose one of: {', '.join(RATING_BASES)}"
            )
        if basis == "chosen":
            if isinstance(rating_round, bool) or not isinstance(rating_round, int) or rating_round < 1:
                raise InvalidRequestError(
                    f"the rating basis 'chosen' needs the round whose ratings count (got {rating_round!r})"
                )
            return basis, rating_round
        return basis, None

    def _checked_later_ratings(self, later: Sequence[RatingFrom]) -> dict[int, tuple[tuple[int, int], ...]]:
        """Participant id -> ((from round, rating), ...) in round order, checked."""
        found: dict[int, dict[int, int]] = {}
        for r in later:
            if r.participant not in self.by_id:
                raise InvalidRequestError(
                    f"a later rating names participant id {r.participant}, who is not listed"
                )
            if r.from_round < 1 or r.rating < 0:
                raise InvalidRequestError(
                    f"a later rating needs a round of at least 1 and a rating of at least 0 (got {r!r})"
                )
            if r.from_round in found.setdefault(r.participant, {}):
                raise InvalidRequestError(
                    f"participant id {r.participant} has two ratings from round {r.from_round}"
                )
            found[r.participant][r.from_round] = r.rating
        return {pid: tuple(sorted(by_round.items())) for pid, by_round in found.items()}

    def rating_valid_in(self, pid: int, rnd: int) -> tuple[int, int]:
        """(rating, round it is valid from; 1 for the first rating) of ``pid`` in round ``rnd``."""
        rating, since = self.by_id[pid].rating, 1
        for from_round, later in self.later_ratings.get(pid, ()):
            if from_round > rnd:
                break
            rating, since = later, from_round
        return rating, since

    def tiebreak_rating(self, pid: int, rnd: int) -> tuple[int, str]:
        """The rating ARO and TPR count for ``pid`` as the opponent in round ``rnd`` under the rating basis
        (:data:`RATING_BASES`), and a note when it is not the first rating ("" otherwise)."""
        if self.rating_basis == "first" or not self.later_ratings.get(pid):
            return self.by_id[pid].rating, ""
        if self.rating_basis == "round":
            rating, since = self.rating_valid_in(pid, rnd)
            why = f"the rating valid in round {rnd}"
        else:
            assert self.rating_round is not None
            rating, since = self.rating_valid_in(pid, self.rating_round)
            why = f"the rating valid in round {self.rating_round}, as chosen"
        if since == 1:
            return rating, ""
        return rating, f"{why}, {rating} from round {since}"

    def label(self, pid: int) -> str:
        p = self.by_id[pid]
        return p.name or f"#{p.tpn}"

    def _categories(self, recs: tuple[RoundRecord, ...]) -> tuple[str | None, ...]:
        """C.07 16.2 category of each unplayed round (None for a game played over the board)."""
        cats: list[str | None] = []
        for i, rec in enumerate(recs):
            code = rec.result
            if code.played:
                cats.append(None)
            elif code in (ResultCode.PAB, ResultCode.FULL_BYE):
                cats.append("16.2.1")
            elif code is ResultCode.FORFEIT_WIN:
                cats.append("16.2.2")
            elif code is ResultCode.FORFEIT_LOSS:
                cats.append("16.2.4")
            elif any(r.result not in _VUR_CODES for r in recs[i + 1 :]):
                cats.append("16.2.3")
            else:
                cats.append("16.2.5")
        return tuple(cats)

    def _adjusted(self, pid: int) -> int:
        """The participant's score when they are someone else's opponent, in half-points."""
        draw = self.scoring.draw
        recs, hp = self.records[pid], self.hp[pid]
        if self.round_robin:
            return self.total[pid]
        if self.regime == "virtual-opponent":
            # 2012 rule (a): an opponent's unplayed games count as draws.
            return sum(h if r.result.played else draw for r, h in zip(recs, hp, strict=True))
        # 16.3: categories .1-.4 at face value, .5 as a draw.
        return sum(draw if c == "16.2.5" else h for c, h in zip(self.category[pid], hp, strict=True))

    def _opposite(self, half_points: int) -> int:
        """The virtual opponent's result in the round itself: the opposite of what the participant got."""
        s = self.scoring
        if half_points == s.win:
            return s.loss
        if half_points == s.draw:
            return s.draw
        if half_points == s.loss:
            return s.win
        return max(s.win + s.loss - half_points, 0)

    def _entries(self, pid: int) -> tuple[Entry, ...]:
        s, n = self.scoring, self.rounds
        recs, hp = self.records[pid], self.hp[pid]
        own_total = self.total[pid]
        out: list[Entry] = []
        for i, (rec, h) in enumerate(zip(recs, hp, strict=True)):
            rnd = i + 1
            code = rec.result
            vur = code in _VUR_CODES
            if code.played:
                assert rec.opponent is not None
                out.append(Entry(rnd, rec.opponent, "game", self.adjusted[rec.opponent], h, False, ""))
                continue
            if self.round_robin:
                if code in _FORFEITS and rec.opponent is not None:
                    out.append(
                        Entry(
                            rnd,
                            rec.opponent,
                            "forfeit",
                            self.adjusted[rec.opponent],
                            h,
                            False,
                            "forfeit counted as a game against the scheduled opponent (C.07 15.2)",
                        )
                    )
                continue
            if self.regime == "virtual-opponent":
                before = sum(hp[:i])
                opposite = self._opposite(h)
                later = n - rnd
                score = before + opposite + s.draw * later
                detail = (
                    f"virtual opponent: {pts(before)} before round {rnd} + {pts(opposite)} in round {rnd} "
                    f"+ {pts(s.draw)} x {later} later round{'s' if later != 1 else ''} = {pts(score)}"
                )
                out.append(Entry(rnd, rec.opponent, "virtual-opponent", score, h, vur, detail))
                continue
            cat = self.category[pid][i]
            score = own_total
            detail = f"dummy opponent with the participant's own score {pts(own_total)} (C.07 16.4, {cat})"
            if self.regime == "fide-2026":
                if code in _FORFEITS and rec.opponent is not None:
                    cap = self.adjusted[rec.opponent]
                    why = f"{self.label(rec.opponent)}'s adjusted score {pts(cap)} (16.4.1)"
                else:
                    cap = s.draw * n
                    why = f"draw points x {n} rounds = {pts(cap)} (16.4.2)"
                if cap < score:
                    score = cap
                    detail = f"dummy opponent: own score {pts(own_total)} capped at {why} (C.07 16.4, {cat})"
                else:
                    detail += f"; cap {why} not reached"
            out.append(Entry(rnd, rec.opponent, "dummy", score, h, vur, detail))
        return tuple(out)

    # ------------------------------------------------------------------ values

    def value(self, pid: int, code: str, *, explain: bool = True) -> TiebreakValue:
        """The tie-break ``code`` (any of :data:`TIEBREAKS` except ``DE``) for participant ``pid``.

        With ``explain=False`` the value and its display are the same but ``parts`` and ``notes`` are empty:
        no breakdown line or text is built, which is most of the cost of a value (a ranking or an export
        needs none of it)."""
        row = BY_CODE.get(code)
        if row is None or row.compute is None:
            raise UnknownTiebreakError(f"unknown tie-break {code!r}")
        return row.compute(self, pid, row, explain)

    def direct_encounter(
        self, group: Sequence[int], *, explain: bool = True
    ) -> tuple[list[list[int]], dict[int, TiebreakValue]]:
        """Order a tied group by direct encounter (C.07 Art. 6): :func:`encounter.direct_encounter`."""
        return encounter.direct_encounter(self, group, explain=explain)

    def tpn_of(self, pid: int) -> int:
        """Pairing number of ``pid``: the final order key inside every level."""
        return self.by_id[pid].tpn

    # ------------------------------------------------------------------ breakdown lines

    def entry_label(self, e: Entry) -> str:
        """Who an entry's opponent is: a name, ``virtual opponent, round 3``, ``dummy opponent, round 5``."""
        if e.source == "virtual-opponent":
            return f"virtual opponent, round {e.round}"
        if e.source == "dummy":
            return f"dummy opponent, round {e.round}"
        assert e.opponent is not None
        suffix = ", forfeit" if e.source == "forfeit" else ""
        return f"{self.label(e.opponent)}{suffix}"

    def opponent_lines(self, pid: int, product: bool) -> tuple[Contribution, ...]:
        """BH's (``product=False``) or SB's breakdown lines of ``pid``, one per entry, none of them cut.

        They are the same for every modifier (BH, BH-C1, BH-M1, ...), so they are built once."""
        lines = self._opponent_lines.get((pid, product))
        if lines is None:
            lines = tuple(self._opponent_line(e, product) for e in self.entries[pid])
            self._opponent_lines[pid, product] = lines
        return lines

    def _opponent_line(self, e: Entry, product: bool) -> Contribution:
        """One line of a BH (``product=False``) or SB breakdown, not cut."""
        value, scale = (e.score * e.own, 4) if product else (e.score, 2)
        detail = e.detail
        if product:
            detail = (detail + "; " if detail else "") + (
                f"{pts(e.score)} x {pts(e.own)} scored = {units(value, scale)}"
            )
        return tv.Contribution(
            round=e.round,
            value=fraction(value, scale),
            display=units(value, scale),
            label=self.entry_label(e),
            source=e.source,
            opponent=e.opponent,
            cut=False,
            detail=detail,
        )
