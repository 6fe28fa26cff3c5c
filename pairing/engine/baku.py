"""Baku Acceleration Method (C.04.7 §1, in force from 1 February 2026).

Before round 1 the participants, in pairing order, are split into GA, the first half rounded up to
an even number (``2 * ceil(N / 4)``, Art. 1.2), and GB. The first ``ceil(R / 2)`` rounds are
*accelerated* (Art. 1.4.1): before the first half (rounded up) of them every GA participant gets
virtual points worth a win (Art. 1.4.2), before the rest half of that (Art. 1.4.3). Virtual points
enter the pairing score only (Art. 1.5), never the standings.

Late entries (Art. 1.3): "the last GA participant shall be the same participant as in the previous
round", so the boundary is frozen by *who* closes GA after round 1. A late entry ranked above that
participant joins GA (GA may become odd); one ranked below joins GB. A late entry gets no virtual
points for the rounds before they joined.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import AccelerationNotApplicableError, InvalidRequestError
from .types import Scoring

STANDARD = Scoring()
"""1 / ½ / 0 (Scoring is frozen, so one shared default is safe)."""

__all__ = [
    "BakuPlan",
    "baku_accelerations",
    "baku_plan",
    "ga_size",
    "scoring_allows_baku",
    "virtual_points_by_round",
]


def ga_size(n: int) -> int:
    """Number of GA participants for ``n`` participants in round 1: ``2 * ceil(n / 4)`` (Art. 1.2)."""
    return 2 * -(-n // 4)


def scoring_allows_baku(scoring: Scoring) -> bool:
    """Art. 1.1: the method needs a win worth two draws and a loss worth nothing."""
    return scoring.loss == 0 and scoring.win == 2 * scoring.draw and scoring.win > 0


def virtual_points_by_round(total_rounds: int, scoring: Scoring = STANDARD) -> tuple[int, ...]:
    """Virtual points (half-points) a GA participant gets in each round 1..``total_rounds``.

    Raises
    ------
    AccelerationNotApplicableError
        When a win is not worth two draws or a loss is worth something (Art. 1.1), e.g. 3/1/0.
    """
    if not scoring_allows_baku(scoring):
        raise AccelerationNotApplicableError(
            "Baku acceleration needs a win worth two draws and a loss worth nothing (C.04.7 1.1); "
            f"this tournament scores win {scoring.win / 2:g}, draw {scoring.draw / 2:g}, loss {scoring.loss / 2:g}"
        )
    if total_rounds < 1:
        raise InvalidRequestError("the number of rounds must be at least 1")
    accelerated = -(-total_rounds // 2)
    full = -(-accelerated // 2)
    return tuple(
        scoring.win if r <= full else scoring.win // 2 if r <= accelerated else 0
        for r in range(1, total_rounds + 1)
    )


@dataclass(frozen=True, slots=True)
class BakuPlan:
    """The outcome of the Baku generator."""

    ga: tuple[int, ...]
    """GA participants' ids in pairing order."""
    last_ga: int | None
    """The id that closes GA; store it after round 1 and pass it back for later rounds."""
    by_round: tuple[int, ...]
    """A GA participant's virtual points per round (half-points), round 1 first."""
    virtual_points: Mapping[int, tuple[int, ...]]
    """Per participant id: virtual points per round, round 1 first, for every participant (GB
    participants get zeros). Suitable for :attr:`Participant.accelerations`."""


def baku_plan(
    participants: Sequence[int],
    total_rounds: int,
    scoring: Scoring = STANDARD,
    *,
    joined: Mapping[int, int] | None = None,
    last_ga: int | None = None,
) -> BakuPlan:
    """Compute Baku virtual points.

    Parameters
    ----------
    participants:
        Every participant's id in the current pairing order (GHR Art. 2; late entries inserted where
        their rating puts them).
    total_rounds:
        Declared number of rounds.
    scoring:
        The point system, checked against Art. 1.1.
    joined:
        Round in which each late entry joined; participants not listed joined in round 1.
    last_ga:
        The id of the last GA participant, frozen after round 1 (Art. 1.3.2). ``None`` computes it
        from the round-1 participants: the ``2 * ceil(N / 4)``-th of them in pairing order.

    Raises
    ------
    AccelerationNotApplicableError
        For a point system other than win = 2 × draw, loss = 0.
    InvalidRequestError
        For duplicate ids or a ``last_ga`` that is not a participant.
    """
    by_round = virtual_points_by_round(total_rounds, scoring)
    joined = joined or {}
    if len(set(participants)) != len(participants):
        raise InvalidRequestError("a participant is listed twice")
    if last_ga is None:
        founders = [pid for pid in participants if joined.get(pid, 1) <= 1]
        size = ga_size(len(founders))
        last_ga = founders[min(size, len(founders)) - 1] if founders else None
    elif last_ga not in participants:
        raise InvalidRequestError(f"the last GA participant {last_ga} is not in the list")
    ga = tuple(participants[: participants.index(last_ga) + 1]) if last_ga is not None else ()
    in_ga = set(ga)
    zeros = (0,) * total_rounds
    virtual_points = {
        pid: tuple(vp if r >= joined.get(pid, 1) else 0 for r, vp in enumerate(by_round, start=1))
        if pid in in_ga
        else zeros
        for pid in participants
    }
    return BakuPlan(ga=ga, last_ga=last_ga, by_round=by_round, virtual_points=virtual_points)


def baku_accelerations(
    participants: Sequence[int],
    total_rounds: int,
    scoring: Scoring = STANDARD,
    *,
    joined: Mapping[int, int] | None = None,
    last_ga: int | None = None,
) -> dict[int, tuple[int, ...]]:
    """Virtual points per participant per round (half-points); see :func:`baku_plan`.

    Only participants with some virtual points are listed; the tuples drop trailing zeros, as
    :attr:`Participant.accelerations` allows.
    """
    plan = baku_plan(participants, total_rounds, scoring, joined=joined, last_ga=last_ga)
    result = {}
    for pid, values in plan.virtual_points.items():
        trimmed = list(values)
        while trimmed and trimmed[-1] == 0:
            trimmed.pop()
        if trimmed:
            result[pid] = tuple(trimmed)
    return result
