"""Plain, frozen data types of the team engine: teams, their round records, requests and results.

Scores are integers. Match points are counted in the units of :class:`MatchScoring` (2/1/0 by
default, 3/1/0 where the organiser chooses); game points in half-points (a won game is 2, a draw 1)
like the individual engine. Teams are identified by an ``int`` the caller chooses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..types import Colour

__all__ = [
    "ColourType",
    "MatchKind",
    "MatchScoring",
    "PrimaryScore",
    "Team",
    "TeamMatch",
    "TeamRound",
    "TeamSwissRequest",
    "TeamSwissResult",
]


class ColourType(str, Enum):
    """The colour preferences of C.04.6 Art. 1.7: Type A unless the rules say Type B or none."""

    A = "A"
    """Art. 1.7.1: one strength only (the "simple" preference)."""
    B = "B"
    """Art. 1.7.2: strong and mild preferences."""
    NONE = "none"
    """Art. 1.7: no colour preferences at all; only Art. 4.3.1 and 4.3.5-4.3.9 decide colours."""


class PrimaryScore(str, Enum):
    """Art. 1.2.1: which score the competition ranks and pairs on."""

    MATCH = "MP"
    GAME = "GP"


class MatchKind(str, Enum):
    """What one team's round was."""

    PLAYED = "played"
    """The match was played (single boards may still have been forfeited)."""
    FORFEIT_WIN = "forfeit-win"
    """The opponent forfeited the whole match. Bars the PAB (Art. 2.1.2); not a meeting (GHR 3.5)."""
    FORFEIT_LOSS = "forfeit-loss"
    DOUBLE_FORFEIT = "double-forfeit"
    PAB = "pab"
    """Pairing-allocated bye (Art. 1.4)."""
    FULL_BYE = "full-bye"
    """A full-point bye given by the organiser (FIDE-deprecated for teams; bars the PAB, Art. 2.1.2)."""
    HALF_BYE = "half-bye"
    ZERO_BYE = "zero-bye"
    """Absent, withdrawn, or not yet entered."""

    @property
    def paired(self) -> bool:
        """True when the team was paired against another team (played or forfeited)."""
        return self in (
            MatchKind.PLAYED,
            MatchKind.FORFEIT_WIN,
            MatchKind.FORFEIT_LOSS,
            MatchKind.DOUBLE_FORFEIT,
        )


@dataclass(frozen=True, slots=True)
class MatchScoring:
    """Match points for a won, drawn and lost match (C.04.6 Art. 1.2; TRF-2026 record 362).

    ``pab_match`` and ``pab_game`` are the value of a pairing-allocated bye; ``None`` means a draw's
    (Art. 1.4: "as many points as are rewarded for a draw", in match points and in game points).
    """

    win: int = 2
    draw: int = 1
    loss: int = 0
    pab_match: int | None = None
    pab_game: int | None = None
    """Game points of the PAB in half-points; ``None`` means half the boards (a drawn match)."""

    def match_points(self, own: int, other: int) -> int:
        """Match points of a team that scored ``own`` game points against ``other``."""
        if own > other:
            return self.win
        if own < other:
            return self.loss
        return self.draw

    def pab(self, boards: int) -> tuple[int, int]:
        """(match points, game points) of a pairing-allocated bye for a match of ``boards`` boards."""
        return (
            self.draw if self.pab_match is None else self.pab_match,
            boards if self.pab_game is None else self.pab_game,
        )


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One team's record for one round."""

    kind: MatchKind
    opponent: int | None = None
    """The opponent team's id when paired (played or forfeited), else ``None``."""
    colour: Colour | None = None
    """The colour of this team's board-1 player. For a played match it is the team's colour
    (Art. 1.6.1); for anything else it is ignored."""
    match_points: int = 0
    """Match points scored in this round (in :class:`MatchScoring` units)."""
    game_points: int = 0
    """Game points scored in this round, in half-points."""


@dataclass(frozen=True, slots=True)
class Team:
    """A team as the pairing sees it before a round."""

    id: int
    tpn: int
    """Tournament pairing number (Art. 1.1): 1..number of teams, unique, set by the competition rules
    or the Chief Arbiter (GHR 2.1-2.3 deliberately do not apply, Art. 0)."""
    history: tuple[TeamRound, ...] = ()
    """One record per round already played, round 1 first."""
    available: bool = True
    """False when the team is not to be paired this round (withdrawn or absent)."""
    name: str = ""

    @property
    def match_points(self) -> int:
        return sum(r.match_points for r in self.history)

    @property
    def game_points(self) -> int:
        return sum(r.game_points for r in self.history)


@dataclass(frozen=True, slots=True)
class TeamSwissRequest:
    """Everything needed to pair one round of a team Swiss (C.04.6)."""

    round_number: int
    total_rounds: int
    """Declared number of rounds: [C7] and [C10] do not apply in the last two (Art. 2.3.4, 2.3.7),
    and Type B mild preferences change in the last one (Art. 1.7.2)."""
    teams: tuple[Team, ...]
    colour_type: ColourType = ColourType.A
    primary: PrimaryScore = PrimaryScore.MATCH
    secondary_for_colour: bool = True
    """Art. 1.2.1/1.2.2: whether the other score breaks the first-team tie in Art. 4.2.2 (default yes)."""
    initial_colour: Colour = Colour.WHITE
    """Art. 4.1: drawn by lot before round 1."""
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()
    scoring: MatchScoring = field(default_factory=MatchScoring)
    """The competition's match points. The scores come from the histories; the scoring is read only
    to check the premise of the acceleration (C.04.7 Art. 1.1)."""
    baku: bool = False
    """Baku acceleration (C.04.7, see :mod:`.baku`): virtual points enter the pairing score of the
    first half of the rounds. Refused with 3/1/0 match points (Art. 1.1) or game points as the
    primary score (Art. 1.4.4)."""


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """One match of the round: ``white`` is the team whose board-1 player has White."""

    number: int
    """Match (table) number, GHR 3.6 order."""
    white: int
    black: int
    colour_rule: str = ""
    """The article of C.04.6 Art. 4.3 (or a round robin's table) that gave the colours."""


@dataclass(frozen=True, slots=True)
class TeamSwissResult:
    matches: tuple[TeamMatch, ...]
    bye: int | None = None
    """The team that gets the pairing-allocated bye, if any."""
    explanation: tuple[str, ...] = ()
    """Plain words: who floats and why, what the pairing could not satisfy ([C6]-[C10]), and how each
    colour was decided."""
    upfloaters: tuple[int, ...] = ()
