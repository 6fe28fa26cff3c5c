"""Prize lists: who wins which prize of which group, money shared among players tied on points, the
arithmetic as steps, and the check of a prize list before the event.

The rules, as an organiser states them (no FIDE regulation governs prizes; these are the usual ones):

- A prize list is groups (overall, a rating band, an age, women, unrated, a club, any predicate over the
  player's attributes), each with prizes for its 1st, 2nd ... place: money in integer cents and/or an
  object. Places within a group go in the order of the final standings (tie-breaks included).
- One prize per player (the default): either the higher-valued prize wins (prizes are handed out from
  the most valuable down, each to the best-placed eligible player without a prize) or the groups'
  priority (the order of the groups in the list, each group's places in order).
- Money for players of one group tied on points and winning consecutive places of it is shared by the
  organiser's rule: ``tiebreak`` (no sharing), ``equal`` (the places' money in equal parts) or ``hort``
  (each keeps half of their own place's money, the other half of all those places is shared equally:
  the Hort system, e.g. https://de.wikipedia.org/wiki/Hort-System). Objects are never shared; players
  tied on points outside the prize places do not share.
- A best-club prize ranks clubs by their best members' points (``club_standings``).
- Shares are rounded to the organiser's unit (e.g. 100 cents) by the largest remainder, so the tied
  players receive exactly the money of their places: nothing is lost or added. Equal remainders favour
  the better place; a rest smaller than one unit (money not a multiple of the unit) goes to the best
  placed of the tie.
"""

from __future__ import annotations

from .allocate import allocate_prizes, eligible, format_cents
from .check import PrizeProblem, check_prize_rules
from .clubs import ClubScore, club_standings
from .model import Award, Criterion, Entrant, Precedence, Prize, PrizeGroup, PrizeList, PrizeRules, Sharing

__all__ = [
    "Award",
    "ClubScore",
    "Criterion",
    "Entrant",
    "Precedence",
    "Prize",
    "PrizeGroup",
    "PrizeList",
    "PrizeProblem",
    "PrizeRules",
    "Sharing",
    "allocate_prizes",
    "check_prize_rules",
    "club_standings",
    "eligible",
    "format_cents",
]
