"""Title norms (GM, IM, WGM, WIM) from one event under the FIDE Title Regulations (B.01) effective from
1 January 2024 (https://handbook.fide.com/chapter/B012024), articles 1.4.1-1.4.9.

What is checked, per title:

- 1.4.1 a: at least 9 games; 1.4.1 c: in a 9-round event, 8 games count as 9 when the missing game
  is a forfeit win or a pairing-allocated bye (the other conditions still apply to the 8 games).
- 1.4.2 c: forfeits and byes are not games for a norm.
- 1.4.3: at least two federations other than the applicant's among the opponents, unless one of the
  exemptions 1.4.3 a-d applies (the arbiter says so: ``federation_exempt``). ``FID`` is no federation.
- 1.4.4: at most 3/5 of the opponents from the applicant's federation and 2/3 from any one federation
  (maximums rounded down); waived with the 1.4.3 exemptions.
- 1.4.5 a: at least 50 % titled opponents (CM and WCM not counted), minimums rounded up;
  1.4.5 b-e: at least one third, and at least 3, holding the title sought or a higher one.
- 1.4.6: unrated opponents count as 1400; the lowest-rated opponent below the adjusted rating floor
  (GM 2200, IM 2050, WGM 2000, WIM 1850) is raised to it, and only one opponent.
- 1.4.7: Ra = the average of those ratings, rounded to the nearest whole number, 0.5 up.
- 1.4.8: Rp = Ra + dp (table 1.4.9, p rounded to whole per cent, 0.5 % up) at least GM 2600, IM 2450,
  WGM 2400, WIM 2250; Ra at least GM 2380, IM 2230, WGM 2180, WIM 2030; a score of at least 35 %.

Not decided here (the arbiter's or the title application's business): 1.4.1 b (team championships'
7 games), 1.4.1 d-f (extra games above a norm, dropping games), 1.4.5 f (double round robins), 1.4.2 a, b, d, 1.1 (time control,
arbiters, registration), 1.4.3 e and 1.5 (what a title application needs across norms).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from .tables import dp_for_score, percentage

__all__ = [
    "GameKind",
    "NormCheck",
    "NormCondition",
    "NormGame",
    "NormTitle",
    "check_norm",
    "check_norms",
    "normalise_title",
]


class NormTitle(StrEnum):
    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    WIM = "WIM"


class GameKind(StrEnum):
    PLAYED = "played"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    PAIRING_BYE = "pairing_bye"
    """A pairing-allocated bye."""
    ABSENT = "absent"
    """A requested bye or an absence."""


@dataclass(frozen=True, slots=True)
class _Threshold:
    performance: int
    average: int
    floor: int
    titles: frozenset[str]
    """Titles counting under 1.4.5 b-e."""


_THRESHOLDS = {
    NormTitle.GM: _Threshold(2600, 2380, 2200, frozenset({"GM"})),
    NormTitle.IM: _Threshold(2450, 2230, 2050, frozenset({"GM", "IM"})),
    NormTitle.WGM: _Threshold(2400, 2180, 2000, frozenset({"GM", "IM", "WGM"})),
    NormTitle.WIM: _Threshold(2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"})),
}
_TITLED = frozenset({"GM", "IM", "WGM", "WIM", "FM", "WFM"})
"""Title holders for 1.4.5 a: every title but CM and WCM."""
_TRF_TITLES = {"g": "GM", "m": "IM", "wg": "WGM", "wm": "WIM", "f": "FM", "wf": "WFM", "c": "CM", "wc": "WCM"}
_UNRATED = 1400
"""1.4.6 d."""
_NO_FEDERATION = "FID"


def normalise_title(title: str) -> str:
    """``GM``, ``g`` (TRF columns 11-13, the FIDE list's letters) or ``gm`` all read ``GM``; unknown: ``""``."""
    text = title.strip()
    if text.lower() in _TRF_TITLES:
        return _TRF_TITLES[text.lower()]
    return text.upper() if text.upper() in _TITLED | {"CM", "WCM"} else ""


@dataclass(frozen=True, slots=True)
class NormGame:
    """One round of the norm seeker."""

    score: int
    """Half-points."""
    kind: GameKind = GameKind.PLAYED
    opponent_rating: int = 0
    """The opponent's rating on the list in force at the start of the event (1.4.6 a); 0 unrated."""
    opponent_federation: str = ""
    opponent_title: str = ""
    opponent_id: int | None = None
    """For the certificate."""


@dataclass(frozen=True, slots=True)
class NormCondition:
    article: str
    requirement: str
    met: bool
    detail: str


@dataclass(frozen=True, slots=True)
class NormCheck:
    """Whether the event gives a norm for one title, with what a certificate needs."""

    title: NormTitle
    met: bool
    conditions: tuple[NormCondition, ...]
    games: int
    """Games counted (played games, 1.4.2 c)."""
    score: Fraction
    ratings: tuple[int, ...]
    """The opponents' ratings as counted, in round order: 1400 for the unrated, the floor applied."""
    unrated_opponents: int
    """Opponents counted at 1400 (1.4.6 d); B.01 2024 sets no maximum, the certificate shows them."""
    raised: tuple[int, int] | None
    """(rating before, rating after) of the one opponent raised to the floor (1.4.6 c), if any."""
    average: int
    """Ra (1.4.7)."""
    percentage: int
    performance: int
    """Rp = Ra + dp (1.4.8)."""
    required_score: Fraction | None
    """The lowest score in these games giving the norm's performance and 35 %; ``None`` when no score
    can, because Ra is under the title's minimum."""


def _at_least(fraction: Fraction, games: int) -> int:
    """A minimum number of opponents: ``fraction`` of ``games`` rounded up (1.4.4, 1.4.5)."""
    return -((-fraction.numerator * games) // fraction.denominator)


def _at_most(fraction: Fraction, games: int) -> int:
    """A maximum number of opponents: rounded down (1.4.4)."""
    return fraction.numerator * games // fraction.denominator


def check_norm(
    title: NormTitle,
    games: Iterable[NormGame],
    *,
    federation: str,
    total_rounds: int,
    federation_exempt: bool = False,
) -> NormCheck:
    """Does this player's event give a ``title`` norm? Each condition with its article and numbers.

    Parameters
    ----------
    games:
        The player's rounds in order, unplayed ones included.
    federation:
        The norm seeker's federation.
    total_rounds:
        Rounds of the event (1.4.1 c needs it).
    federation_exempt:
        One of 1.4.3 a-d applies (national championship final, national team championship, zonal,
        or the Swiss with 20 foreign rated players from 3 federations, 10 of them titled).
    """
    rule = _THRESHOLDS[title]
    rounds = tuple(games)
    played = [g for g in rounds if g.kind is GameKind.PLAYED]
    n = len(played)
    score = Fraction(sum(g.score for g in played), 2)
    conditions: list[NormCondition] = []

    free = [g for g in rounds if g.kind in (GameKind.FORFEIT_WIN, GameKind.PAIRING_BYE)]
    eight_for_nine = n == 8 and total_rounds == 9 and len(free) == 1
    conditions.append(
        NormCondition(
            "1.4.1 a, c",
            "at least 9 games (8 in a 9-round event when the ninth is a forfeit win or a pairing-allocated bye)",
            n >= 9 or eight_for_nine,
            f"{n} games played"
            + (" and one forfeit win or pairing-allocated bye: 1.4.1 c" if eight_for_nine else ""),
        )
    )
    feds = [g.opponent_federation.upper() for g in played if g.opponent_federation.upper() != _NO_FEDERATION]
    foreign = sorted({f for f in feds if f and f != federation.upper()})
    own = sum(1 for f in feds if f == federation.upper())
    busiest = max(((feds.count(f), f) for f in set(feds) if f), default=(0, ""))
    if federation_exempt:
        conditions.append(
            NormCondition(
                "1.4.3 a-d", "foreign opponents", True, "exempt (1.4.3 a-d): 1.4.3 and 1.4.4 waived"
            )
        )
    else:
        conditions.append(
            NormCondition(
                "1.4.3",
                "at least 2 federations other than the applicant's",
                len(foreign) >= 2,
                f"{len(foreign)} ({', '.join(foreign) or 'none'})",
            )
        )
        conditions.append(
            NormCondition(
                "1.4.4",
                f"at most {_at_most(Fraction(3, 5), n)} opponents (3/5) from {federation.upper()}",
                own <= _at_most(Fraction(3, 5), n),
                f"{own} from {federation.upper()}",
            )
        )
        conditions.append(
            NormCondition(
                "1.4.4",
                f"at most {_at_most(Fraction(2, 3), n)} opponents (2/3) from one federation",
                busiest[0] <= _at_most(Fraction(2, 3), n),
                f"most from one federation: {busiest[0]}" + (f" ({busiest[1]})" if busiest[1] else ""),
            )
        )
    titles = [normalise_title(g.opponent_title) for g in played]
    titled = sum(1 for t in titles if t in _TITLED)
    conditions.append(
        NormCondition(
            "1.4.5 a",
            f"at least {_at_least(Fraction(1, 2), n)} title holders (50 %, CM and WCM not counted)",
            titled >= _at_least(Fraction(1, 2), n),
            f"{titled} title holders",
        )
    )
    needed = max(3, _at_least(Fraction(1, 3), n))
    holding = sum(1 for t in titles if t in rule.titles)
    conditions.append(
        NormCondition(
            "1.4.5 b-e",
            f"at least {needed} opponents (1/3, minimum 3) holding {' or '.join(sorted(rule.titles))}",
            holding >= needed,
            f"{holding}",
        )
    )

    ratings = [g.opponent_rating if g.opponent_rating > 0 else _UNRATED for g in played]
    raised = None
    if ratings and min(ratings) < rule.floor:
        lowest = ratings.index(min(ratings))
        raised = (ratings[lowest], rule.floor)
        ratings[lowest] = rule.floor
    average = int(Fraction(sum(ratings), n) + Fraction(1, 2)) if n else 0
    percent = percentage(score, n) if n else 0
    performance = average + dp_for_score(score, n) if n else 0
    conditions.append(
        NormCondition(
            "1.4.6-1.4.8 a",
            f"average rating of the opponents at least {rule.average}",
            n > 0 and average >= rule.average,
            f"Ra = {average}"
            + (f" (one opponent raised from {raised[0]} to {raised[1]}, 1.4.6 c)" if raised else ""),
        )
    )
    conditions.append(
        NormCondition(
            "1.4.8, 1.4.9",
            f"performance at least {rule.performance}",
            n > 0 and performance >= rule.performance,
            f"{_points(score)}/{n} = {percent} %, dp {performance - average:+d}, Rp = {performance}",
        )
    )
    conditions.append(
        NormCondition("1.4.8 b", "a score of at least 35 %", n > 0 and score * 100 >= 35 * n, f"{percent} %")
    )
    required = None
    if n and average >= rule.average:
        required = next(
            (
                Fraction(s, 2)
                for s in range(2 * n + 1)
                if average + dp_for_score(Fraction(s, 2), n) >= rule.performance and s * 50 >= 35 * n
            ),
            None,
        )
    return NormCheck(
        title=title,
        met=all(c.met for c in conditions),
        conditions=tuple(conditions),
        games=n,
        score=score,
        ratings=tuple(ratings),
        unrated_opponents=sum(1 for g in played if g.opponent_rating <= 0),
        raised=raised,
        average=average,
        percentage=percent,
        performance=performance,
        required_score=required,
    )


def check_norms(
    games: Iterable[NormGame], *, federation: str, total_rounds: int, federation_exempt: bool = False
) -> tuple[NormCheck, ...]:
    """:func:`check_norm` for GM, IM, WGM and WIM, in that order."""
    rounds = tuple(games)
    return tuple(
        check_norm(
            t, rounds, federation=federation, total_rounds=total_rounds, federation_exempt=federation_exempt
        )
        for t in NormTitle
    )


def _points(score: Fraction) -> str:
    whole, half = divmod(int(score * 2), 2)
    return (f"{whole}½" if whole else "½") if half else f"{whole}"
