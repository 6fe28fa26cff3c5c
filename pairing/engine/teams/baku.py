"""Baku acceleration (C.04.7) for the team Swiss (C.04.6).

C.04.6 does not define an acceleration of its own: the General Handling Rules (C.04.2 Art. 1.1-1.3)
allow only the FIDE-published one, C.04.7, which applies to every FIDE Swiss system, teams included.
The groups and the virtual points are the individual engine's (:func:`pairing.engine.baku.baku_plan`,
imported, not copied): GA is the first ``2 * ceil(N / 4)`` teams of the round-1 field in TPN order
(Art. 1.2), the first ``ceil(R / 2)`` rounds are accelerated (Art. 1.4.1), GA teams get a won
match's match points in the first half of them (Art. 1.4.2) and half of that in the rest
(Art. 1.4.3). In a team event the virtual points are match points.

What is team-specific:

* the premise (Art. 1.1): a won match worth two drawn ones and a lost match worth nothing, so 2/1/0
  qualifies and 3/1/0 does not;
* game points as the primary score exclude the acceleration (Art. 1.4.4);
* the round-1 field is the teams available in round 1; a team first paired later joins like a late
  entry (Art. 1.3: GA if its TPN is above the last GA team, with no virtual points for the rounds
  before). Teams cannot be added once round 1 is paired, so the TPN order is the pairing order.

The pairing score (real score plus virtual points, Art. 1.5) defines the scoregroups, their order,
the floats (a team floated when its pairing score differed from its opponent's) and the match order
(GHR 3.6). The colours (C.04.6 Art. 4.2) read the real scores: Art. 1.5 does not list them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..baku import BakuPlan, baku_plan, scoring_allows_baku
from ..errors import AccelerationNotApplicableError
from ..trf.write import acceleration_rectangles
from ..types import Scoring
from .event import TeamEvent
from .types import MatchKind, MatchScoring, PrimaryScore, Team

__all__ = [
    "baku_problem",
    "check_baku",
    "event_baku_plan",
    "team_baku_plan",
    "round_one_field",
    "team_records_250",
]


def baku_problem(scoring: MatchScoring, primary: PrimaryScore) -> str | None:
    """Why a team competition cannot use the Baku acceleration, or ``None`` when it can."""
    if primary is PrimaryScore.GAME:
        return "Baku acceleration cannot be used when game points are the primary score (C.04.7 Art. 1.4.4)"
    if not scoring_allows_baku(Scoring(win=scoring.win, draw=scoring.draw, loss=scoring.loss)):
        return (
            "Baku acceleration needs a won match worth two drawn ones and a lost match worth nothing "
            f"(C.04.7 Art. 1.1); this competition gives {scoring.win}/{scoring.draw}/{scoring.loss} "
            "match points"
        )
    return None


def check_baku(scoring: MatchScoring, primary: PrimaryScore) -> None:
    """Raise :class:`AccelerationNotApplicableError` when :func:`baku_problem` finds one."""
    problem = baku_problem(scoring, primary)
    if problem is not None:
        raise AccelerationNotApplicableError(problem)


def team_baku_plan(
    teams: Sequence[Team],
    total_rounds: int,
    scoring: MatchScoring,
    primary: PrimaryScore,
    round_one: Sequence[int],
) -> BakuPlan:
    """The Baku plan of a team Swiss: GA and every team's virtual points (match points) per round.

    Parameters
    ----------
    teams:
        Every team of the competition, in any order (the TPN gives the pairing order).
    total_rounds:
        The declared number of rounds (Art. 1.4.1 counts the accelerated rounds from it).
    scoring, primary:
        Checked against Art. 1.1 and Art. 1.4.4.
    round_one:
        The ids of the teams of the round-1 field (paired or given the bye in round 1). The others
        join from round 2 on, as late entries (Art. 1.3).

    Raises
    ------
    AccelerationNotApplicableError
        3/1/0 match points (Art. 1.1) or game points as the primary score (Art. 1.4.4).
    """
    check_baku(scoring, primary)
    ordered = [t.id for t in sorted(teams, key=lambda t: t.tpn)]
    first = set(round_one)
    return baku_plan(
        ordered,
        total_rounds,
        Scoring(win=scoring.win, draw=scoring.draw, loss=scoring.loss),
        joined={tid: 2 for tid in ordered if tid not in first},
    )


def round_one_field(teams: Sequence[Team], round_number: int) -> list[int]:
    """The teams of the round-1 field: available now when pairing round 1, else those that were paired
    (or had the pairing-allocated bye) in round 1."""
    if round_number <= 1:
        return [t.id for t in teams if t.available]
    return [
        t.id for t in teams if t.history and (t.history[0].kind.paired or t.history[0].kind is MatchKind.PAB)
    ]


def event_baku_plan(event: TeamEvent) -> BakuPlan | None:
    """The plan of a whole event (team ids are the TPNs); ``None`` when it is not accelerated."""
    if not event.baku:
        return None
    absent = {tpn for rnd, tpn in event.absent if rnd == 1}
    teams = [Team(t.tpn, t.tpn) for t in event.teams]
    return team_baku_plan(
        teams,
        event.total_rounds,
        event.scoring,
        event.primary,
        [t.tpn for t in event.teams if t.tpn not in absent],
    )


def _points(value: int) -> str:
    return f"{value:4.1f}"


def team_records_250(event: TeamEvent) -> list[str]:
    """TRF-2026 record 250 lines of an accelerated team event (none without acceleration).

    ``250 MMMM GGGG RRF RRL PPPF PPPL``: the virtual match points, the game-point column left blank
    (game points never carry virtual points in a team event, Art. 1.4.4), the first and last round,
    the first and last team TPN; one line per run of rounds with one value over consecutive TPNs.
    """
    plan = event_baku_plan(event)
    if plan is None:
        return []
    return [
        f"250 {_points(value)} {'':4} {first:>3} {last:>3} {start:>4} {end:>4}"
        for first, last, value, start, end in acceleration_rectangles(plan.virtual_points.items())
    ]
