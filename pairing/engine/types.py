"""Plain, frozen data types that go in and out of the pairing engine.

Every score in the engine is an integer number of *half-points* (a standard win is 2,
a draw 1), so all arithmetic is exact. Participants are identified by an ``int`` the
caller chooses (the Django primary key, or the TRF starting rank); the engine never
looks anything up by it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Colour(str, Enum):
    """A side of the board, written as in TRF (``w``/``b``)."""

    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class ResultCode(str, Enum):
    """What happened to one participant in one round, using the TRF-2016 result letters."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    UNRATED_WIN = "W"
    """Game of less than one move: played for pairing purposes, not rated."""
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    HALF_BYE = "H"
    """Requested half-point bye."""
    FULL_BYE = "F"
    """Arbiter-granted full-point bye (bars a pairing-allocated bye, like a forfeit win)."""
    PAB = "U"
    """Pairing-allocated bye."""
    ZERO_BYE = "Z"
    """Zero-point bye, known absence, round after a withdrawal, or a late entry's missed round."""

    @property
    def played(self) -> bool:
        """True when a game was played over the board (counts for colours and meetings)."""
        return self in _PLAYED

    @property
    def paired(self) -> bool:
        """True when the pairing put the participant on a board (played games and forfeits)."""
        return self in _PLAYED or self in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)


_PLAYED = frozenset(
    {
        ResultCode.WIN,
        ResultCode.DRAW,
        ResultCode.LOSS,
        ResultCode.UNRATED_WIN,
        ResultCode.UNRATED_DRAW,
        ResultCode.UNRATED_LOSS,
    }
)


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points for each kind of round record, in half-points.

    The defaults are the standard 1 / ½ / 0 system. A 3/1/0 system is
    ``Scoring(win=6, draw=2, loss=0)``. ``pab`` defaults to a win (C.04.1 Art. 3).
    """

    win: int = 2
    draw: int = 1
    loss: int = 0
    pab: int | None = None
    """Value of the pairing-allocated bye; ``None`` means the value of a win."""
    half_bye: int | None = None
    """Value of a requested half-point bye; ``None`` means the value of a draw."""
    full_bye: int | None = None
    """Value of a full-point bye; ``None`` means the value of a win."""
    forfeit_win: int | None = None
    """``None`` means the value of a win."""
    forfeit_loss: int | None = None
    """``None`` means the value of a loss."""
    zero_bye: int = 0

    def points(self, code: ResultCode) -> int:
        """Half-points awarded for ``code`` under this system."""
        if code in (ResultCode.WIN, ResultCode.UNRATED_WIN):
            return self.win
        if code in (ResultCode.DRAW, ResultCode.UNRATED_DRAW):
            return self.draw
        if code in (ResultCode.LOSS, ResultCode.UNRATED_LOSS):
            return self.loss
        if code is ResultCode.FORFEIT_WIN:
            return self.win if self.forfeit_win is None else self.forfeit_win
        if code is ResultCode.FORFEIT_LOSS:
            return self.loss if self.forfeit_loss is None else self.forfeit_loss
        if code is ResultCode.PAB:
            return self.win if self.pab is None else self.pab
        if code is ResultCode.FULL_BYE:
            return self.win if self.full_bye is None else self.full_bye
        if code is ResultCode.HALF_BYE:
            return self.draw if self.half_bye is None else self.half_bye
        return self.zero_bye


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One participant's entry for one round."""

    result: ResultCode
    opponent: int | None = None
    """The scheduled opponent's id for games and forfeits; ``None`` for byes and absences."""
    colour: Colour | None = None
    """The scheduled colour for games and forfeits. For forfeits it is not part of the colour history."""


@dataclass(frozen=True, slots=True)
class Participant:
    """A participant as the engine sees them before a round is paired."""

    id: int
    """Caller's stable id. The engine never looks it up."""
    tpn: int
    """Tournament pairing number (GHR Art. 2): rank by rating, title, name. Unique."""
    rating: int = 0
    name: str = ""
    title: str = ""
    history: tuple[RoundRecord, ...] = ()
    """One record per round already played, round 1 first. A late entry's missed rounds are ``Z``
    (or ``H`` where the organiser gives half a point for them)."""
    accelerations: tuple[int, ...] = ()
    """Virtual points (half-points) per round, round 1 first; a missing entry means 0. They add to
    the pairing score of that round only (Baku, C.04.7) and never to the standings."""
    available: bool = True
    """False when the participant is not to be paired in the round being paired (withdrawn, absent,
    requested bye). They are ignored by the pairing but keep their history."""


@dataclass(frozen=True, slots=True)
class PairingRequest:
    """Everything needed to pair one round."""

    round_number: int
    """The round to pair, 1-based. Every participant's history has ``round_number - 1`` records."""
    total_rounds: int
    """Declared number of rounds (C.04.1 Art. 1); the final round has topscorer rules."""
    participants: tuple[Participant, ...]
    scoring: Scoring = field(default_factory=Scoring)
    initial_colour: Colour = Colour.WHITE
    """Colour drawn by lot before round 1 for the participant with TPN 1 (Dutch Art. 5.1)."""
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()
    """Pairs of ids that must not meet this round (TRF ``XXP``/``260``)."""
    least_bad: bool = False
    """When no pairing satisfies the absolute criteria, relax them in the documented order and
    report what was broken instead of raising :class:`~pairing.engine.errors.NoValidPairingError`."""


@dataclass(frozen=True, slots=True)
class Board:
    number: int
    white: int
    black: int


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule a least-bad pairing had to break (or that a checker found broken)."""

    rule: str
    """Machine code: ``rematch``, ``second-bye``, ``colour-three-in-row``, ``colour-difference``,
    ``forbidden-pair``, ``not-paired``, ``paired-twice``, ``unavailable-paired``; the checker
    (:mod:`pairing.engine.checks`) also reports ``colour-clash`` (C3), ``needless-bye`` and
    ``unknown-participant``."""
    participants: tuple[int, ...]
    message: str
    """Plain words a player understands."""


@dataclass(frozen=True, slots=True)
class FloatNote:
    participant: int
    direction: str
    """``down`` or ``up``."""
    from_score: int
    to_score: int
    reason: str


@dataclass(frozen=True, slots=True)
class BoardNote:
    board: int
    colour_rule: str
    """Which Art. 5.2 step decided the colours: ``both-preferences``, ``stronger-preference``,
    ``larger-colour-difference``, ``alternation``, ``higher-ranked-preference``, ``initial-colour``."""
    message: str


@dataclass(frozen=True, slots=True)
class Explanation:
    """How the engine arrived at a pairing, derived from its own decisions."""

    scoregroups: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(pairing score, ids in pairing order) from the top group down."""
    floats: tuple[FloatNote, ...] = ()
    boards: tuple[BoardNote, ...] = ()
    notes: tuple[str, ...] = ()
    """Exchanges, transpositions and other departures from the plain order, with the rule that forced them."""


@dataclass(frozen=True, slots=True)
class PairingResult:
    boards: tuple[Board, ...]
    """In FIDE board order (GHR 3.6)."""
    bye: int | None = None
    """Who gets the pairing-allocated bye, if anyone."""
    violations: tuple[Violation, ...] = ()
    """Empty unless ``least_bad`` had to relax an absolute criterion."""
    explanation: Explanation = field(default_factory=Explanation)
