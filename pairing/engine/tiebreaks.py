"""Tie-break values with their breakdowns (FIDE C.07, Play-Off and Tie-Break Regulations).

This module computes, for one participant at a time, every tie-break the product offers and *how* the value
came about: which opponent contributed what, what a cut removed, and where a virtual or dummy opponent stood
in for an unplayed round. :mod:`pairing.engine.standings` ranks participants with these values.

All arithmetic is exact. Scores are integer half-points (``Scoring``); tie-break values are
:class:`fractions.Fraction` in the scoring system's points (Sonneborn-Berger multiplies two scores, so quarter
points occur). Rating-based values (ARO, TPR) are integers rounded as C.07 Art. 10 says.

Unplayed rounds (C.07 Art. 16 and its predecessor) are handled in one of three regimes:

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

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from pairing.engine.errors import InvalidRequestError
from pairing.engine.types import Colour, Participant, ResultCode, RoundRecord, Scoring

__all__ = [
    "BUCHHOLZ_CODES",
    "DE_RULES",
    "REGIMES",
    "ROUND_ROBIN_DEFAULT",
    "SWISS_DEFAULT",
    "TIEBREAKS",
    "Contribution",
    "TiebreakInfo",
    "TiebreakNotAllowedError",
    "TiebreakValue",
    "TournamentTiebreaks",
    "UnknownTiebreakError",
    "format_points",
    "tiebreak_choices",
    "validate_tiebreaks",
]

REGIMES: tuple[str, ...] = ("virtual-opponent", "fide-2024", "fide-2026")
"""Ways of counting unplayed rounds; the first is the product's default (the players' explainer)."""

DE_RULES: tuple[str, ...] = ("all-met", "fide")
"""How direct encounter treats a tied group in which not everyone has met.

``all-met`` (the product's default): C.07 6.2 only. The players' explainer says direct encounter applies
"if the tied players all played each other ... it only applies when they have all met", so a group with a
missing game is left for the next tie-break. ``fide``: 6.2 and 6.3, where a player whom no result of the
missing games could catch is placed first even though not all have met."""


class UnknownTiebreakError(InvalidRequestError):
    """A tie-break code the product does not know (or an unknown unplayed-round regime)."""


class TiebreakNotAllowedError(InvalidRequestError):
    """A tie-break that does not fit the tournament, e.g. Buchholz in a round robin (C.07 2026 Art. 8.1)."""


@dataclass(frozen=True, slots=True)
class TiebreakInfo:
    """A tie-break the organiser can choose, for forms and the public page."""

    code: str
    """C.07 acronym with its modifier, e.g. ``BH-C1``."""
    name: str
    """Short human name."""
    description: str
    """One sentence a player understands."""
    article: str
    """C.07 article that defines it."""
    buchholz: bool = False
    """Buchholz-type: refused for round robins."""


TIEBREAKS: tuple[TiebreakInfo, ...] = (
    TiebreakInfo(
        "DE",
        "Direct encounter",
        "Points scored in the games between the tied players, when they all played each other.",
        "6",
    ),
    TiebreakInfo("BH", "Buchholz", "The sum of the opponents' scores.", "8.1", buchholz=True),
    TiebreakInfo(
        "BH-C1", "Buchholz cut 1", "Buchholz without the lowest opponent score.", "8.1, 14.1", buchholz=True
    ),
    TiebreakInfo(
        "BH-C2",
        "Buchholz cut 2",
        "Buchholz without the two lowest opponent scores.",
        "8.1, 14.2",
        buchholz=True,
    ),
    TiebreakInfo(
        "BH-M1",
        "Median Buchholz",
        "Buchholz without the lowest and the highest opponent score.",
        "8.1, 14.3",
        buchholz=True,
    ),
    TiebreakInfo(
        "BH-M2",
        "Median Buchholz 2",
        "Buchholz without the two lowest and the two highest opponent scores.",
        "8.1, 14.4",
        buchholz=True,
    ),
    TiebreakInfo(
        "SB",
        "Sonneborn-Berger",
        "The full score of every opponent you beat plus half the score of every opponent you drew.",
        "9.1",
    ),
    TiebreakInfo(
        "SB-C1",
        "Sonneborn-Berger cut 1",
        "Sonneborn-Berger without the part that comes from your lowest-scoring opponent.",
        "9.1, 14.1",
    ),
    TiebreakInfo(
        "WIN",
        "Number of wins",
        "Rounds won, counting byes and forfeits that scored a win's points.",
        "7.1",
    ),
    TiebreakInfo("WON", "Games won", "Games won over the board.", "7.2"),
    TiebreakInfo("BPG", "Games with Black", "Games played over the board with Black.", "7.3"),
    TiebreakInfo("PS", "Progressive score", "The sum of your running score after every round.", "7.5"),
    TiebreakInfo(
        "PS-C1", "Progressive score cut 1", "Progressive score without the round-1 term.", "7.5, 14.1"
    ),
    TiebreakInfo(
        "ARO",
        "Average rating of opponents",
        "The average rating of the opponents you played over the board.",
        "10.1",
    ),
    TiebreakInfo(
        "ARO-C1",
        "Average rating of opponents cut 1",
        "The same without the lowest-rated opponent.",
        "10.1, 14.1",
    ),
    TiebreakInfo(
        "TPR",
        "Performance rating",
        "Average rating of the opponents plus the FIDE rating difference for your percentage score.",
        "10.2",
    ),
    TiebreakInfo(
        "KS",
        "Koya score",
        "Points scored against the opponents whose final score is at least half the maximum score.",
        "9.2",
    ),
)
"""Every tie-break the product offers, in the order the forms list them."""

_INFO: dict[str, TiebreakInfo] = {info.code: info for info in TIEBREAKS}

BUCHHOLZ_CODES: frozenset[str] = frozenset(info.code for info in TIEBREAKS if info.buchholz)

SWISS_DEFAULT: tuple[str, ...] = ("DE", "BH-C1", "BH", "SB", "WIN")
"""The explainer's order for a Swiss: direct encounter, Buchholz cut 1, Buchholz, Sonneborn-Berger, wins."""

ROUND_ROBIN_DEFAULT: tuple[str, ...] = ("DE", "WIN", "SB", "KS")
"""Round-robin default (rules digest 5.7); never Buchholz."""

# FIDE Rating Regulations table 8.1a: percentage score (p, in hundredths, 50..100) -> rating difference dp.
# Values below 50 % mirror these with a minus sign.
_DP_TABLE: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip


def tiebreak_choices() -> list[tuple[str, str]]:
    """(code, human name) pairs for a form's choice field, in the catalogue order."""
    return [(info.code, info.name) for info in TIEBREAKS]


def validate_tiebreaks(codes: Iterable[str], *, round_robin: bool = False) -> tuple[str, ...]:
    """Check a tie-break list and return it as a tuple of upper-case codes.

    Raises
    ------
    UnknownTiebreakError
        A code is not in :data:`TIEBREAKS`, or appears twice.
    TiebreakNotAllowedError
        A Buchholz-type code is asked for a round robin (C.07 2026 Art. 8.1: not for round robins).
    """
    result: list[str] = []
    for raw in codes:
        code = raw.strip().upper()
        if code not in _INFO:
            known = ", ".join(info.code for info in TIEBREAKS)
            raise UnknownTiebreakError(f"unknown tie-break {raw!r}; known tie-breaks are: {known}")
        if code in result:
            raise UnknownTiebreakError(f"tie-break {code} is listed twice")
        if round_robin and code in BUCHHOLZ_CODES:
            raise TiebreakNotAllowedError(
                f"{code} ({_INFO[code].name}) is a Buchholz tie-break, which does not apply to a round robin: "
                "everyone meets everyone, so the opponents' scores add up the same for all (C.07 Art. 8.1)"
            )
        result.append(code)
    return tuple(result)


@lru_cache(maxsize=4096)
def format_points(value: Fraction, *, places: int = 1) -> str:
    """Exact decimal text of a points value with at least ``places`` decimals: ``3.5``, ``24.0``, ``19.25``.

    Values with no decimal expansion of at most six places (never produced by the tie-breaks here) are
    rounded half up to four decimals.
    """
    num, den = value.numerator, value.denominator
    for digits in range(7):
        if 10**digits % den == 0:
            scaled = num * (10**digits // den)
            break
    else:
        digits = 4
        scaled = math.floor(Fraction(num * 10**digits, den) + Fraction(1, 2))
    sign = "-" if scaled < 0 else ""
    whole, frac = divmod(abs(scaled), 10**digits)
    frac_text = str(frac).rjust(digits, "0").rstrip("0") if digits else ""
    frac_text = frac_text.ljust(places, "0")
    return f"{sign}{whole}.{frac_text}" if frac_text else f"{sign}{whole}"


def _half_up(value: Fraction) -> int:
    """Round to an integer, halves up (C.07 10.1: ARO "rounded to the nearest whole number, 0.5 up")."""
    return math.floor(value + Fraction(1, 2))


@dataclass(frozen=True, slots=True)
class Contribution:
    """One term of a tie-break value, for the breakdown shown on tap."""

    round: int
    """The round it comes from (1-based); 0 when it belongs to no single round (DE summaries)."""
    value: Fraction
    """What it adds to the tie-break (before any cut), in points, games or rating points."""
    display: str
    """``value`` as text."""
    label: str
    """Who or what it is: the opponent's name, ``virtual opponent, round 3``, ``dummy opponent, round 5``."""
    source: str
    """``game`` (played over the board), ``forfeit`` (round robin: counted as a game, C.07 15.2),
    ``virtual-opponent`` (2012 rule), ``dummy`` (C.07 Art. 16), or ``round`` (a count or running score)."""
    opponent: int | None = None
    """The real or scheduled opponent's id, if any."""
    cut: bool = False
    """Removed by a cut or median modifier."""
    detail: str = ""
    """The arithmetic behind the value in plain words (virtual-opponent formula, dummy cap, product)."""

    @property
    def text(self) -> str:
        """``4.0 (Alice)``, the form used in a value's summary."""
        return f"{self.display} ({self.label})"


@dataclass(frozen=True, slots=True)
class TiebreakValue:
    """One tie-break value of one participant, with how it was obtained."""

    code: str
    name: str
    value: Fraction
    """Exact value; higher ranks first for every tie-break here."""
    display: str
    """``value`` as a decimal (points) or integer (counts and ratings)."""
    parts: tuple[Contribution, ...] = ()
    notes: tuple[str, ...] = ()
    """Plain-words remarks: which rule decided a cut, what DE compared, what was not counted."""

    @property
    def summary(self) -> str:
        """``Buchholz 24.5 = 4.0 (A) + 5.0 (B) + 3.5 (virtual opponent, round 3) - cut 3.5 (C)``."""
        kept = [p for p in self.parts if not p.cut]
        cut = [p for p in self.parts if p.cut]
        head = f"{self.name} {self.display}"
        if not self.parts:
            return head
        body = " + ".join(p.text for p in kept) if kept else "0"
        if cut:
            body += "; not counted: " + ", ".join(p.text for p in cut)
        return f"{head} = {body}"


@dataclass(frozen=True, slots=True)
class _Entry:
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
_ONE = Fraction(1)
_WIN_WORDS = {
    ResultCode.WIN: "won",
    ResultCode.UNRATED_WIN: "won (game of less than one move)",
    ResultCode.FORFEIT_WIN: "forfeit win",
    ResultCode.PAB: "pairing-allocated bye",
    ResultCode.FULL_BYE: "full-point bye",
}
_RATED_GAME_SCORE = {
    ResultCode.WIN: Fraction(1),
    ResultCode.DRAW: Fraction(1, 2),
    ResultCode.LOSS: Fraction(0),
}
_CONSISTENT = {
    (ResultCode.WIN, ResultCode.LOSS),
    (ResultCode.LOSS, ResultCode.WIN),
    (ResultCode.DRAW, ResultCode.DRAW),
    (ResultCode.UNRATED_WIN, ResultCode.UNRATED_LOSS),
    (ResultCode.UNRATED_LOSS, ResultCode.UNRATED_WIN),
    (ResultCode.UNRATED_DRAW, ResultCode.UNRATED_DRAW),
    (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
    (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
}


@lru_cache(maxsize=4096)
@lru_cache(maxsize=4096)
def _fraction(units: int, scale: int) -> Fraction:
    """``units / scale`` (cached: Fractions never change, and a big field's breakdowns build
    hundreds of thousands of the same few values; making each anew was a third of the work)."""
    return Fraction(units, scale)


@lru_cache(maxsize=4096)
def _units(units: int, scale: int) -> str:
    """``units / scale`` formatted as points (cached: the same few values recur thousands of times)."""
    return format_points(Fraction(units, scale))


def _pts(half_points: int) -> str:
    return _units(half_points, 2)


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

    Raises
    ------
    InvalidRequestError
        Duplicate ids, unknown or inconsistent opponents, a game without an opponent, negative ``rounds``.
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
        self.rounds = rounds
        self.by_id: dict[int, Participant] = {}
        for p in participants:
            if p.id in self.by_id:
                raise InvalidRequestError(f"participant id {p.id} appears twice")
            self.by_id[p.id] = p
        self.records: dict[int, tuple[RoundRecord, ...]] = {}
        for p in participants:
            recs = list(p.history[:rounds])
            recs += [RoundRecord(ResultCode.ZERO_BYE)] * (rounds - len(recs))
            self.records[p.id] = tuple(recs)
        self._check_opponents()
        s = self.scoring
        self.hp: dict[int, tuple[int, ...]] = {
            pid: tuple(s.points(r.result) for r in recs) for pid, recs in self.records.items()
        }
        self.total: dict[int, int] = {pid: sum(h) for pid, h in self.hp.items()}
        self.category: dict[int, tuple[str | None, ...]] = {
            pid: self._categories(recs) for pid, recs in self.records.items()
        }
        self.adjusted: dict[int, int] = {pid: self._adjusted(pid) for pid in self.records}
        self.entries: dict[int, tuple[_Entry, ...]] = {pid: self._entries(pid) for pid in self.records}
        self._uncut_parts: dict[tuple[int, bool], tuple[Contribution, ...]] = {}
        """(participant, product) -> BH's or SB's breakdown lines before any cut: the same for
        every modifier (BH, BH-C1, BH-M1, ...), so they are built once."""

    # ------------------------------------------------------------------ set-up

    def label(self, pid: int) -> str:
        p = self.by_id[pid]
        return p.name or f"#{p.tpn}"

    def _who(self, pid: int) -> str:
        name = self.by_id[pid].name
        return f"participant {pid} ({name})" if name else f"participant {pid}"

    def _check_opponents(self) -> None:
        """Every game and forfeit must appear on both sides with results that fit together."""
        for pid, recs in self.records.items():
            for rnd, rec in enumerate(recs, start=1):
                needs_opponent = rec.result.paired
                if rec.opponent is None:
                    if needs_opponent:
                        raise InvalidRequestError(
                            f"{self._who(pid)}, round {rnd}: result {rec.result.value!r} needs an opponent"
                        )
                    continue
                if not needs_opponent:
                    raise InvalidRequestError(
                        f"{self._who(pid)}, round {rnd}: a bye or absence ({rec.result.value!r}) has no opponent"
                    )
                if rec.opponent == pid:
                    raise InvalidRequestError(f"{self._who(pid)}, round {rnd}: paired against themselves")
                if rec.opponent not in self.records:
                    raise InvalidRequestError(
                        f"{self._who(pid)}, round {rnd}: opponent {rec.opponent} is not a participant"
                    )
                other = self.records[rec.opponent][rnd - 1]
                if other.opponent != pid:
                    has = "no opponent" if other.opponent is None else f"opponent {other.opponent}"
                    raise InvalidRequestError(
                        f"{self._who(pid)}, round {rnd}: the opponent, {self._who(rec.opponent)}, has {has} that round"
                    )
                if (rec.result, other.result) not in _CONSISTENT:
                    raise InvalidRequestError(
                        f"round {rnd}: results {rec.result.value!r} for {self._who(pid)} and {other.result.value!r} "
                        f"for {self._who(rec.opponent)} do not fit together"
                    )

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

    def _entries(self, pid: int) -> tuple[_Entry, ...]:
        s, n = self.scoring, self.rounds
        recs, hp = self.records[pid], self.hp[pid]
        own_total = self.total[pid]
        out: list[_Entry] = []
        for i, (rec, h) in enumerate(zip(recs, hp, strict=True)):
            rnd = i + 1
            code = rec.result
            vur = code in _VUR_CODES
            if code.played:
                assert rec.opponent is not None
                out.append(_Entry(rnd, rec.opponent, "game", self.adjusted[rec.opponent], h, False, ""))
                continue
            if self.round_robin:
                if code in _FORFEITS and rec.opponent is not None:
                    out.append(
                        _Entry(
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
                    f"virtual opponent: {_pts(before)} before round {rnd} + {_pts(opposite)} in round {rnd} "
                    f"+ {_pts(s.draw)} x {later} later round{'s' if later != 1 else ''} = {_pts(score)}"
                )
                out.append(_Entry(rnd, rec.opponent, "virtual-opponent", score, h, vur, detail))
                continue
            cat = self.category[pid][i]
            score = own_total
            detail = f"dummy opponent with the participant's own score {_pts(own_total)} (C.07 16.4, {cat})"
            if self.regime == "fide-2026":
                if code in _FORFEITS and rec.opponent is not None:
                    cap = self.adjusted[rec.opponent]
                    why = f"{self.label(rec.opponent)}'s adjusted score {_pts(cap)} (16.4.1)"
                else:
                    cap = s.draw * n
                    why = f"draw points x {n} rounds = {_pts(cap)} (16.4.2)"
                if cap < score:
                    score = cap
                    detail = f"dummy opponent: own score {_pts(own_total)} capped at {why} (C.07 16.4, {cat})"
                else:
                    detail += f"; cap {why} not reached"
            out.append(_Entry(rnd, rec.opponent, "dummy", score, h, vur, detail))
        return tuple(out)

    # ------------------------------------------------------------------ values

    def value(self, pid: int, code: str, *, explain: bool = True) -> TiebreakValue:
        """The tie-break ``code`` (any of :data:`TIEBREAKS` except ``DE``) for participant ``pid``.

        With ``explain=False`` the value and its display are the same but ``parts`` and ``notes`` are empty:
        no breakdown line or text is built, which is most of the cost of a value (a ranking or an export
        needs none of it)."""
        if code.startswith("BH"):
            return self._buchholz(pid, code, product=False, explain=explain)
        if code.startswith("SB"):
            return self._buchholz(pid, code, product=True, explain=explain)
        if code in ("WIN", "WON", "BPG"):
            return self._count(pid, code, explain)
        if code.startswith("PS"):
            return self._progressive(pid, code, explain)
        if code.startswith("ARO"):
            return self._aro(pid, code, explain)
        if code == "TPR":
            return self._tpr(pid, explain)
        if code == "KS":
            return self._koya(pid, explain)
        raise UnknownTiebreakError(f"unknown tie-break {code!r}")

    def _entry_label(self, e: _Entry) -> str:
        if e.source == "virtual-opponent":
            return f"virtual opponent, round {e.round}"
        if e.source == "dummy":
            return f"dummy opponent, round {e.round}"
        assert e.opponent is not None
        suffix = ", forfeit" if e.source == "forfeit" else ""
        return f"{self.label(e.opponent)}{suffix}"

    def _buchholz(self, pid: int, code: str, *, product: bool, explain: bool = True) -> TiebreakValue:
        """BH and SB with their cut/median modifiers (C.07 8.1, 9.1, 14; 16.5 for voluntary unplayed rounds).

        Notes
        -----
        A cut removes the least significant value (C.07 14.1.1): for BH the lowest opponent score; for SB
        the contribution of the opponent with the lowest score, and among several opponents on that score
        the lowest contribution. That is not always the lowest product: a loss contributes 0 whoever the
        opponent was, and cutting it would keep the weakest opponent's part. Under the C.07 regimes (16.5.1)
        a participant with voluntary unplayed rounds loses the lowest of those contributions instead, unless
        the least significant value is higher (only possible for SB: "cut the higher of the two"). The
        median modifier's top cut mirrors this: the highest opponent score, and for SB among several on that
        score the highest contribution. Remaining ties go to a virtual/dummy entry, then the later round.
        """
        low, high = {"": (0, 0), "-C1": (1, 0), "-C2": (2, 0), "-M1": (1, 1), "-M2": (2, 2)}[code[2:]]
        entries = self.entries[pid]
        # Exact integers: half-points for BH, quarter-points for SB (a score times a score).
        scale = 4 if product else 2
        values = [e.score * e.own if product else e.score for e in entries]
        cut: set[int] = set()
        notes: list[str] = []
        vur_rule = self.regime != "virtual-opponent" and not self.round_robin
        for _ in range(low):
            alive = [i for i in range(len(entries)) if i not in cut]
            if not alive:
                break
            lsv = min(
                alive,
                key=lambda i: (entries[i].score, values[i], entries[i].source == "game", -entries[i].round),
            )
            vurs = [i for i in alive if entries[i].vur]
            chosen = lsv
            if vur_rule and vurs:
                lowest_vur = min(vurs, key=lambda i: (values[i], -entries[i].round))
                if values[lowest_vur] >= values[lsv]:
                    chosen = lowest_vur
            cut.add(chosen)
            if explain:
                notes.append(self._cut_note(entries, values, scale, lsv, chosen, product=product, low=True))
        for _ in range(high):
            alive = [i for i in range(len(entries)) if i not in cut]
            if not alive:
                break
            top = max(alive, key=lambda i: (entries[i].score, values[i], -entries[i].round))
            cut.add(top)
            if explain:
                median = "C.07 14.4" if code.endswith("M2") else "C.07 14.3"
                notes.append(
                    self._cut_note(
                        entries, values, scale, top, top, product=product, low=False, median=median
                    )
                )
        total = sum(v for i, v in enumerate(values) if i not in cut)
        if not explain:
            return self._make(code, _fraction(total, scale), _units(total, scale), (), ())
        uncut = self._uncut_parts.get((pid, product))
        if uncut is None:
            uncut = tuple(self._part(e, values[i], scale, product) for i, e in enumerate(entries))
            self._uncut_parts[pid, product] = uncut
        parts = [replace(part, cut=True) if i in cut else part for i, part in enumerate(uncut)]
        return self._make(code, _fraction(total, scale), _units(total, scale), parts, notes)

    def _part(self, e: _Entry, value: int, scale: int, product: bool) -> Contribution:
        """One line of a BH (``product=False``) or SB breakdown, not cut."""
        detail = e.detail
        if product:
            detail = (detail + "; " if detail else "") + (
                f"{_pts(e.score)} x {_pts(e.own)} scored = {_units(value, scale)}"
            )
        return Contribution(
            round=e.round,
            value=_fraction(value, scale),
            display=_units(value, scale),
            label=self._entry_label(e),
            source=e.source,
            opponent=e.opponent,
            cut=False,
            detail=detail,
        )

    def _cut_note(
        self,
        entries: Sequence[_Entry],
        values: Sequence[int],
        scale: int,
        lsv: int,
        chosen: int,
        *,
        product: bool,
        low: bool,
        median: str = "C.07 14.3",
    ) -> str:
        """Plain words for one cut: what was removed and which rule chose it."""
        e = entries[chosen]
        what = f"{_units(values[chosen], scale)} ({self._entry_label(e)}, round {e.round})"
        if chosen != lsv:
            least = entries[lsv]
            return (
                f"not counted: {what}, a voluntary unplayed round, instead of the least significant value "
                f"{_units(values[lsv], scale)} ({self._entry_label(least)}), which is not higher (C.07 16.5.1)"
            )
        end, rule = ("lowest", "C.07 14.1.1: the least significant value") if low else ("highest", median)
        if product:
            return (
                f"not counted: {what}, the part from the opponent with the {end} score ({_pts(e.score)}) "
                f"({rule})"
            )
        return f"not counted: {what}, the {end} opponent score ({rule})"

    def _make(
        self, code: str, value: Fraction, display: str, parts: Iterable[Contribution], notes: Iterable[str]
    ) -> TiebreakValue:
        return TiebreakValue(code, _INFO[code].name, value, display, tuple(parts), tuple(notes))

    def _count(self, pid: int, code: str, explain: bool = True) -> TiebreakValue:
        """WIN (7.1: a win's points, played or not), WON (7.2: won over the board), BPG (7.3: played with Black)."""
        s = self.scoring
        parts: list[Contribution] = []
        hits = 0
        for rnd, (rec, h) in enumerate(zip(self.records[pid], self.hp[pid], strict=True), start=1):
            code_ = rec.result
            if code == "WIN":
                hit = h == s.win and s.win > s.draw
            elif code == "WON":
                hit = code_ in (ResultCode.WIN, ResultCode.UNRATED_WIN)
            else:
                hit = code_.played and rec.colour is Colour.BLACK
            hits += hit
            if hit and explain:
                what = _WIN_WORDS.get(code_) or f"scored {_pts(h)} ({code_.value})"
                if code == "BPG":
                    what = "Black"
                if rec.opponent is not None:
                    what += f" v {self.label(rec.opponent)}"
                parts.append(Contribution(rnd, _ONE, "1", f"round {rnd}: {what}", "round", rec.opponent))
        return self._make(code, Fraction(hits), str(hits), parts, ())

    def _progressive(self, pid: int, code: str, explain: bool = True) -> TiebreakValue:
        """PS (7.5): the sum of the running scores after each round; PS-C1 drops the round-1 term."""
        if not explain:
            hp = self.hp[pid]
            first = 1 if code == "PS-C1" else 0
            total_hp = sum(sum(hp[:rnd]) for rnd in range(1 + first, len(hp) + 1))
            value = Fraction(total_hp, 2)
            return self._make(code, value, format_points(value), (), ())
        running = 0
        parts: list[Contribution] = []
        for rnd, h in enumerate(self.hp[pid], start=1):
            running += h
            v = Fraction(running, 2)
            parts.append(
                Contribution(
                    rnd, v, format_points(v), f"after round {rnd}", "round", cut=code == "PS-C1" and rnd == 1
                )
            )
        total = sum((p.value for p in parts if not p.cut), Fraction(0))
        return self._make(code, total, format_points(total), parts, ())

    def _rated_games(
        self, pid: int, explain: bool = True
    ) -> tuple[list[tuple[int, RoundRecord, int]], list[str]]:
        """(round, record, opponent rating) for games played over the board against rated opponents, and
        what was left out (only with ``explain``)."""
        games: list[tuple[int, RoundRecord, int]] = []
        notes: list[str] = []
        for rnd, rec in enumerate(self.records[pid], start=1):
            if rec.result not in _RATED_GAME_SCORE:
                if rec.result.played and explain:
                    notes.append(f"round {rnd}: game of less than one move, not rated, not counted")
                continue
            assert rec.opponent is not None
            rating = self.by_id[rec.opponent].rating
            if rating <= 0:
                if explain:
                    notes.append(f"round {rnd}: {self.label(rec.opponent)} is unrated, not counted")
                continue
            games.append((rnd, rec, rating))
        return games, notes

    def _aro(self, pid: int, code: str, explain: bool = True) -> TiebreakValue:
        """ARO (10.1): average rating of the opponents played over the board, rounded 0.5 up; ARO-C1 drops
        the lowest rating (14.1). Unrated opponents are left out and said so (C.07 Art. 10 preamble)."""
        games, notes = self._rated_games(pid, explain)
        cut_index = None
        if code == "ARO-C1" and games:
            cut_index = min(range(len(games)), key=lambda i: (games[i][2], -games[i][0]))
        if not explain:
            ratings = [r for i, (_, _, r) in enumerate(games) if i != cut_index]
            kept_value = _half_up(Fraction(sum(ratings), len(ratings))) if ratings else 0
            return self._make(code, Fraction(kept_value), str(kept_value), (), ())
        parts = [
            Contribution(
                rnd, Fraction(r), str(r), self.label(rec.opponent or 0), "game", rec.opponent, i == cut_index
            )
            for i, (rnd, rec, r) in enumerate(games)
        ]
        kept = [p.value for p in parts if not p.cut]
        value = _half_up(sum(kept, Fraction(0)) / len(kept)) if kept else 0
        if not kept:
            notes.append("no rated game over the board counted")
        return self._make(code, Fraction(value), str(value), parts, notes)

    def _tpr(self, pid: int, explain: bool = True) -> TiebreakValue:
        """TPR (10.2): ARO + dp(p), p = score / games rounded to two decimals (half up), dp from FIDE Rating
        Regulations table 8.1a."""
        games, notes = self._rated_games(pid, explain)
        if not games:
            return self._make(
                "TPR", Fraction(0), "0", (), [*notes, "no rated game over the board"] if explain else ()
            )
        aro = _half_up(Fraction(sum(r for _, _, r in games), len(games)))
        score = sum((_RATED_GAME_SCORE[rec.result] for _, rec, _ in games), Fraction(0))
        p100 = _half_up(score * 100 / len(games))
        dp = _DP_TABLE[p100 - 50] if p100 >= 50 else -_DP_TABLE[50 - p100]
        if not explain:
            return self._make("TPR", Fraction(aro + dp), str(aro + dp), (), ())
        parts = [
            Contribution(
                rnd,
                _RATED_GAME_SCORE[rec.result],
                format_points(_RATED_GAME_SCORE[rec.result]),
                f"{self.label(rec.opponent or 0)} ({r})",
                "game",
                rec.opponent,
            )
            for rnd, rec, r in games
        ]
        notes.append(
            f"average rating {aro} + dp({p100 / 100:.2f}) {dp:+d} for {format_points(score)} / {len(games)}"
        )
        return self._make("TPR", Fraction(aro + dp), str(aro + dp), parts, notes)

    def _koya(self, pid: int, explain: bool = True) -> TiebreakValue:
        """KS (9.2): points scored against the opponents who finished on at least half the maximum score.

        The maximum is a win's points times the games a participant can play: the rounds, less the bye
        rounds of a round robin with an odd number of players.

        Whether an opponent reaches the limit is decided on their real final score, the one the standings
        show, in every unplayed-round regime: 9.2 defines Koya for round robins, where scores are not
        adjusted (15.2), and does not say that the 16.3 adjustment applies to the limit in a Swiss. The real
        score keeps KS checkable against the standings and agrees with the other implementations we compared
        with (tiebreak-core)."""
        games = self.rounds
        n_players = len(self.records)
        if self.round_robin and n_players % 2 == 1 and n_players and self.rounds % n_players == 0:
            games -= self.rounds // n_players
        limit = self.scoring.win * games  # twice the limit, in half-points
        if not explain:
            own = sum(
                e.own
                for e in self.entries[pid]
                if e.source in ("game", "forfeit") and 2 * self.total[e.opponent or 0] >= limit
            )
            value = Fraction(own, 2)
            return self._make("KS", value, format_points(value), (), ())
        parts: list[Contribution] = []
        for e in self.entries[pid]:
            if e.source not in ("game", "forfeit"):
                continue
            assert e.opponent is not None
            final = self.total[e.opponent]
            v = Fraction(e.own, 2)
            parts.append(
                Contribution(
                    e.round,
                    v,
                    format_points(v),
                    f"{self._entry_label(e)} on {_pts(final)}",
                    e.source,
                    e.opponent,
                    cut=2 * final < limit,
                )
            )
        total = sum((p.value for p in parts if not p.cut), Fraction(0))
        note = (
            f"counts the points scored against opponents whose final score is at least "
            f"{format_points(Fraction(limit, 4))} (half of {_pts(limit)})"
        )
        return self._make("KS", total, format_points(total), parts, [note])

    # ------------------------------------------------------------------ direct encounter

    def _meetings(self, pid: int, group: frozenset[int]) -> dict[int, list[tuple[int, int]]]:
        """Games between ``pid`` and the rest of ``group``: opponent -> [(round, half-points scored)].

        Played games only (C.07 6.1.1); in a round robin forfeits count too (15.2)."""
        out: dict[int, list[tuple[int, int]]] = {}
        for rnd, (rec, h) in enumerate(zip(self.records[pid], self.hp[pid], strict=True), start=1):
            if rec.opponent is None or rec.opponent not in group:
                continue
            if rec.result.played or (self.round_robin and rec.result in _FORFEITS):
                out.setdefault(rec.opponent, []).append((rnd, h))
        return out

    def direct_encounter(
        self, group: Sequence[int], *, explain: bool = True
    ) -> tuple[list[list[int]], dict[int, TiebreakValue]]:
        """Order a tied group by direct encounter (C.07 Art. 6).

        Returns the group split into levels, best first (members of a level stay tied), and each member's
        DE value: the points scored against the rest of ``group`` with the encounters as parts.

        Notes
        -----
        6.1: the mini-table counts games played among the tied players; repeated meetings are averaged.
        6.2: when everyone in the group has met everyone, rank by the mini-table and apply DE again to any
        smaller subgroup still level. 6.3: otherwise a player goes first only when alone on top whatever the
        missing games would give: their score beats every other player's score plus a win for each game that
        player has not played in the group. That player is removed and the rest are compared again; when
        nobody qualifies the rest stay tied. The explainer's "if the tied players all played each other" is
        6.2, and it is what the product uses by default (``direct_encounter="all-met"``); 6.3 is applied only
        with ``direct_encounter="fide"``. With ``explain=False`` the values have no parts and no notes.
        """
        members = frozenset(group)
        if len(members) < 2:
            note = ["no tie left to break"] if explain else []
            alone = {pid: self._make("DE", Fraction(0), "0.0", (), note) for pid in members}
            return [list(members)], alone
        table = self._mini_table(members)
        levels = self._de_levels(members)
        if not explain:
            return levels, {
                pid: self._make("DE", table[pid], format_points(table[pid]), (), ()) for pid in group
            }
        all_met = self._all_met(members)
        names = ", ".join(self.label(m) for m in sorted(members, key=self.tpn_of))
        if len(levels) == 1:
            outcome = "direct encounter does not separate them"
        else:
            outcome = "order by direct encounter: " + " > ".join(
                " = ".join(self.label(m) for m in level) for level in levels
            )
        values: dict[int, TiebreakValue] = {}
        for pid in group:
            meetings = self._meetings(pid, members)
            parts = [
                Contribution(
                    rnd,
                    Fraction(h, 2),
                    _pts(h),
                    self.label(opp),
                    "game",
                    opp,
                    detail=f"averaged over {len(games)} games" if len(games) > 1 else "",
                )
                for opp, games in sorted(meetings.items())
                for rnd, h in games
            ]
            missing = len(members) - 1 - len(meetings)
            notes = [
                f"among the {len(members)} tied: {names}",
                "all have played each other (C.07 6.2)"
                if all_met
                else f"not all have met ({missing} of this player's games missing, C.07 6.3)"
                if self.de_rule == "fide"
                else f"not all have met ({missing} of this player's games missing): direct encounter only "
                "applies when they have all played each other",
                outcome,
            ]
            values[pid] = self._make("DE", table[pid], format_points(table[pid]), parts, notes)
        return levels, values

    def tpn_of(self, pid: int) -> int:
        """Pairing number of ``pid``: the final order key inside every level."""
        return self.by_id[pid].tpn

    def _mini_table(self, members: frozenset[int]) -> dict[int, Fraction]:
        table: dict[int, Fraction] = {}
        for pid in members:
            total = Fraction(0)
            for games in self._meetings(pid, members).values():
                total += Fraction(sum(h for _, h in games), 2 * len(games))
            table[pid] = total
        return table

    def _all_met(self, members: frozenset[int]) -> bool:
        return all(len(self._meetings(pid, members)) == len(members) - 1 for pid in members)

    def _de_levels(self, members: frozenset[int]) -> list[list[int]]:
        ordered = sorted(members, key=self.tpn_of)
        if len(members) < 2:
            return [ordered]
        if self._all_met(members):
            table = self._mini_table(members)
            levels: list[list[int]] = []
            for score in sorted(set(table.values()), reverse=True):
                level = [p for p in ordered if table[p] == score]
                if 1 < len(level) < len(members):
                    levels.extend(self._de_levels(frozenset(level)))
                else:
                    levels.append(level)
            return levels
        if self.de_rule == "all-met":
            return [ordered]  # the explainer: direct encounter "only applies when they have all met"
        # 6.3: peel off, one at a time, players who are alone on top whatever the missing results.
        win = Fraction(self.scoring.win, 2)
        peeled: list[list[int]] = []
        remaining = members
        while len(remaining) > 1 and not self._all_met(remaining):
            table = self._mini_table(remaining)
            best = max(sorted(remaining, key=self.tpn_of), key=lambda p: table[p])
            ceiling = {
                p: table[p] + win * (len(remaining) - 1 - len(self._meetings(p, remaining)))
                for p in remaining
            }
            if not all(table[best] > ceiling[q] for q in remaining if q != best):
                return [*peeled, sorted(remaining, key=self.tpn_of)]
            peeled.append([best])
            remaining = remaining - {best}
        return [*peeled, *self._de_levels(remaining)]
