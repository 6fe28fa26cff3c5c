"""The table of tie-breaks the product offers: one row per code, with its C.07 paragraph, words and code."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

from pairing.engine.errors import InvalidRequestError

from . import opponents, own_data, ratings, results
from .values import Contribution, TiebreakValue

if TYPE_CHECKING:
    from .context import TournamentTiebreaks


class UnknownTiebreakError(InvalidRequestError):
    """A tie-break code the product does not know (or an unknown unplayed-round regime)."""


class TiebreakNotAllowedError(InvalidRequestError):
    """A tie-break that does not fit the tournament, e.g. Buchholz in a round robin (C.07 2026 Art. 8.1)."""


class Compute(Protocol):
    """How a row computes one participant's value: ``compute(tournament, participant id, row, explain)``.

    With ``explain`` false the value and its display are the same but no breakdown line or note is built."""

    def __call__(
        self, t: TournamentTiebreaks, pid: int, row: TiebreakInfo, explain: bool, /
    ) -> TiebreakValue: ...


@dataclass(frozen=True, slots=True)
class Cut:
    """A C.07 Art. 14 modifier: how many of the lowest and of the highest values a tie-break leaves out."""

    low: int
    """Lowest values not counted (Cut-1, Cut-2; each Median drops as many low as high)."""
    high: int = 0
    """Highest values not counted (Median-1, Median-2)."""
    article: str = ""
    """C.07 paragraph of the modifier, e.g. ``14.1``."""


NO_CUT = Cut(0)
CUT_1 = Cut(1, article="14.1")
CUT_2 = Cut(2, article="14.2")
MEDIAN_1 = Cut(1, 1, "14.3")
MEDIAN_2 = Cut(2, 2, "14.4")


@dataclass(frozen=True, slots=True)
class TiebreakInfo:
    """A row of the table: a tie-break the organiser can choose, for forms, the public page and the engine."""

    code: str
    """C.07 acronym with its modifier, e.g. ``BH-C1``."""
    name: str
    """Short human name."""
    description: str
    """One sentence a player understands."""
    paragraph: str
    """C.07 paragraph that defines the tie-break itself, e.g. ``8.1`` (the modifier's is on ``cut``)."""
    compute: Compute | None = field(default=None, repr=False, compare=False)
    """The value of one participant; ``None`` for direct encounter, which is computed for a tied group
    (:meth:`TournamentTiebreaks.direct_encounter`)."""
    cut: Cut = NO_CUT
    """The cut or median modifier the code carries, as data the compute function reads."""
    buchholz: bool = False
    """Buchholz-type: refused for round robins."""
    reverse: bool = False
    """The reverse order an order-type tie-break allows (C.07 2026 7.8, 10.6): ``TPN-R``, ``RTNG-R``."""

    @property
    def article(self) -> str:
        """C.07 article(s) that define it: ``8.1``, or with a modifier ``8.1, 14.1``."""
        return f"{self.paragraph}, {self.cut.article}" if self.cut.article else self.paragraph

    def make(
        self, value: Fraction, display: str, parts: Iterable[Contribution] = (), notes: Iterable[str] = ()
    ) -> TiebreakValue:
        """This tie-break's value for one participant."""
        return TiebreakValue(self.code, self.name, value, display, tuple(parts), tuple(notes))


TIEBREAKS: tuple[TiebreakInfo, ...] = (
    TiebreakInfo(
        "DE",
        "Direct encounter",
        "Points scored in the games between the tied players, when they all played each other.",
        "6",
    ),
    TiebreakInfo(
        "BH",
        "Buchholz",
        "The sum of the opponents' scores.",
        "8.1",
        compute=opponents.buchholz,
        buchholz=True,
    ),
    TiebreakInfo(
        "BH-C1",
        "Buchholz cut 1",
        "Buchholz without the lowest opponent score.",
        "8.1",
        compute=opponents.buchholz,
        cut=CUT_1,
        buchholz=True,
    ),
    TiebreakInfo(
        "BH-C2",
        "Buchholz cut 2",
        "Buchholz without the two lowest opponent scores.",
        "8.1",
        compute=opponents.buchholz,
        cut=CUT_2,
        buchholz=True,
    ),
    TiebreakInfo(
        "BH-M1",
        "Median Buchholz",
        "Buchholz without the lowest and the highest opponent score.",
        "8.1",
        compute=opponents.buchholz,
        cut=MEDIAN_1,
        buchholz=True,
    ),
    TiebreakInfo(
        "BH-M2",
        "Median Buchholz 2",
        "Buchholz without the two lowest and the two highest opponent scores.",
        "8.1",
        compute=opponents.buchholz,
        cut=MEDIAN_2,
        buchholz=True,
    ),
    TiebreakInfo(
        "SB",
        "Sonneborn-Berger",
        "The full score of every opponent you beat plus half the score of every opponent you drew.",
        "9.1",
        compute=opponents.sonneborn_berger,
    ),
    TiebreakInfo(
        "SB-C1",
        "Sonneborn-Berger cut 1",
        "Sonneborn-Berger without the part that comes from your lowest-scoring opponent.",
        "9.1",
        compute=opponents.sonneborn_berger,
        cut=CUT_1,
    ),
    TiebreakInfo(
        "WIN",
        "Number of wins",
        "Rounds won, counting byes and forfeits that scored a win's points.",
        "7.1",
        compute=results.wins,
    ),
    TiebreakInfo(
        "WON",
        "Games won",
        "Games won over the board.",
        "7.2",
        compute=results.games_won,
    ),
    TiebreakInfo(
        "BPG",
        "Games with Black",
        "Games played over the board with Black.",
        "7.3",
        compute=results.games_with_black,
    ),
    TiebreakInfo(
        "PS",
        "Progressive score",
        "The sum of your running score after every round.",
        "7.5",
        compute=results.progressive_score,
    ),
    TiebreakInfo(
        "PS-C1",
        "Progressive score cut 1",
        "Progressive score without the round-1 term.",
        "7.5",
        compute=results.progressive_score,
        cut=CUT_1,
    ),
    TiebreakInfo(
        "ARO",
        "Average rating of opponents",
        "The average rating of the opponents you played over the board.",
        "10.1",
        compute=ratings.average_rating,
    ),
    TiebreakInfo(
        "ARO-C1",
        "Average rating of opponents cut 1",
        "The same without the lowest-rated opponent.",
        "10.1",
        compute=ratings.average_rating,
        cut=CUT_1,
    ),
    TiebreakInfo(
        "TPR",
        "Performance rating",
        "Average rating of the opponents plus the FIDE rating difference for your percentage score.",
        "10.2",
        compute=ratings.performance_rating,
    ),
    TiebreakInfo(
        "KS",
        "Koya score",
        "Points scored against the opponents whose final score is at least half the maximum score.",
        "9.2",
        compute=opponents.koya,
    ),
    TiebreakInfo(
        "STD",
        "Standard points",
        "1 for each round you scored more than your opponent (or than a draw, without playing), ½ for each round "
        "level, whatever the points system.",
        "7.7",
        compute=own_data.standard_points,
    ),
    TiebreakInfo(
        "TPN",
        "Pairing number",
        "The lower pairing number ranks first.",
        "7.8",
        compute=own_data.pairing_number,
    ),
    TiebreakInfo(
        "TPN-R",
        "Pairing number, highest first",
        "The higher pairing number ranks first.",
        "7.8",
        compute=own_data.pairing_number,
        reverse=True,
    ),
    TiebreakInfo(
        "RTNG",
        "Rating",
        "The higher rating ranks first.",
        "10.6",
        compute=own_data.rating,
    ),
    TiebreakInfo(
        "RTNG-R",
        "Rating, lowest first",
        "The lower rating ranks first.",
        "10.6",
        compute=own_data.rating,
        reverse=True,
    ),
)
"""Every tie-break the product offers, in the order the forms list them."""

BY_CODE: dict[str, TiebreakInfo] = {info.code: info for info in TIEBREAKS}
"""The rows of :data:`TIEBREAKS` by code."""

BUCHHOLZ_CODES: frozenset[str] = frozenset(info.code for info in TIEBREAKS if info.buchholz)

SWISS_DEFAULT: tuple[str, ...] = ("DE", "BH-C1", "BH", "SB", "WIN")
"""The explainer's order for a Swiss: direct encounter, Buchholz cut 1, Buchholz, Sonneborn-Berger, wins."""

ROUND_ROBIN_DEFAULT: tuple[str, ...] = ("DE", "WIN", "SB", "KS")
"""Round-robin default (rules digest 5.7); never Buchholz."""


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
        if code not in BY_CODE:
            known = ", ".join(info.code for info in TIEBREAKS)
            raise UnknownTiebreakError(f"unknown tie-break {raw!r}; known tie-breaks are: {known}")
        if code in result:
            raise UnknownTiebreakError(f"tie-break {code} is listed twice")
        if round_robin and code in BUCHHOLZ_CODES:
            raise TiebreakNotAllowedError(
                f"{code} ({BY_CODE[code].name}) is a Buchholz tie-break, which does not apply to a round robin: "
                "everyone meets everyone, so the opponents' scores add up the same for all (C.07 Art. 8.1)"
            )
        result.append(code)
    return tuple(result)
