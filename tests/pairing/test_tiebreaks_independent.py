"""Our tie-breaks against an independent implementation of C.07, on finished corpus tournaments.

The other implementation is ``tiebreak-core`` (PyPI, MIT; a test dependency only), asked for its
``fide-2024`` and ``fide-2026`` rulesets explicitly. The tournaments are 17 Swiss events copied from the
reference corpus into ``data/tiebreaks/`` (paired by bbpPairings, results simulated; 6 to 40 players, 3 to
11 rounds, most with forfeits, double forfeits, requested half-point byes, absences and withdrawals, two of
them Baku-accelerated), so the test needs nothing outside the repository.

Every value of every player must be exactly equal (theirs are floats of halves and quarters, which convert
to fractions exactly), except where C.07 gives nothing to compute; each such case is excluded by a named
rule below with its article, and on those cases our value must be the one the rules page announces.
Direct encounter is compared as the order it gives each group level on points: the same levels, in the same
order, with C.07 6.3 (``direct_encounter="fide"``, the only rule the other implementation has; the product's
default, "only when all have met", is a product choice tested in test_standings.py). The virtual-opponent
rule (the product's default for unplayed rounds) is the 2012 rule, which the other implementation does not
have; test_tiebreaks_worked_example.py and test_tiebreaks_small_swiss.py check it by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest
from tiebreak_core import GameRecord, PlayerTiebreakData, rank_standings_strict

from pairing.engine.standings import _request_from_trf
from pairing.engine.tiebreaks import TournamentTiebreaks
from pairing.engine.trf import decode_trf, parse_trf
from pairing.engine.types import Colour, Participant, ResultCode

DATA = Path(__file__).parent / "data" / "tiebreaks"
FILES = sorted(DATA.glob("*.trf"))
RULESETS = ("fide-2024", "fide-2026")

# Our code -> theirs.
CODES = {
    "BH": "buchholz",
    "BH-C1": "buchholz_cut1",
    "BH-C2": "buchholz_cut2",
    "BH-M1": "median_buchholz",
    "BH-M2": "median_buchholz_2",
    "SB": "sonneborn_berger",
    "SB-C1": "sonneborn_berger_cut1",
    "WIN": "wins",
    "WON": "won",
    "BPG": "games_black",
    "PS": "progressive",
    "PS-C1": "progressive_cut1",
    "ARO": "aro",
    "ARO-C1": "aro_cut1",
    "TPR": "tpr",
    "KS": "koya",
}

R = ResultCode
_KIND = {
    R.WIN: "played",
    R.DRAW: "played",
    R.LOSS: "played",
    R.FORFEIT_WIN: "forfeit_win",
    R.FORFEIT_LOSS: "forfeit_loss",
    R.PAB: "pairing_bye",
    R.FULL_BYE: "pairing_bye",
    R.HALF_BYE: "requested_bye",
    R.ZERO_BYE: "requested_bye",  # also the rounds after a withdrawal (C.07 16.1.1)
}


@dataclass(frozen=True)
class Exclusion:
    """A case C.07 does not decide, where the two implementations may legitimately differ."""

    name: str
    article: str
    applies: Callable[[TournamentTiebreaks, int, str], bool]
    ours: Fraction
    """The value we show there (what the rules page says)."""


_CUTS = {"BH-C1": 1, "BH-C2": 2, "BH-M1": 2, "BH-M2": 4, "ARO-C1": 1}


def _values_before_the_cut(t: TournamentTiebreaks, pid: int, code: str) -> int:
    return len(t.value(pid, code).parts)


EXCLUSIONS = (
    # BH-M2 in a Swiss of four rounds or fewer, BH-C1 of one round, ARO-C1 with a single rated opponent...:
    # the modifier removes every value and C.07 defines nothing for an empty set. We show 0 (the modifier
    # separates nobody, or puts the player with nothing left below those with something); the other
    # implementation falls back to the value without the modifier.
    Exclusion(
        "nothing left after the cut",
        "C.07 14.1-14.4 (cut and median modifiers), 10.1 (ARO of no opponent)",
        lambda t, pid, code: code in _CUTS and _values_before_the_cut(t, pid, code) <= _CUTS[code],
        Fraction(0),
    ),
)


def _participants(path: Path, ruleset: str) -> tuple[tuple[Participant, ...], int]:
    request = _request_from_trf(parse_trf(decode_trf(path.read_bytes())), ("BH",), ruleset, 0)
    assert (request.scoring.win, request.scoring.draw, request.scoring.loss) == (2, 1, 0)
    return request.participants, request.rounds


def _theirs(participants: tuple[Participant, ...], rounds: int) -> dict[int, PlayerTiebreakData]:
    rating = {p.id: p.rating for p in participants}
    out: dict[int, PlayerTiebreakData] = {}
    for p in participants:
        games = []
        for rnd, rec in enumerate(p.history[:rounds], start=1):
            half_points = {R.WIN: 2, R.DRAW: 1, R.FORFEIT_WIN: 2, R.PAB: 2, R.FULL_BYE: 2, R.HALF_BYE: 1}
            score = half_points.get(rec.result, 0) / 2
            bye = rec.opponent is None
            games.append(
                GameRecord(
                    -1 if bye else rec.opponent,
                    0 if bye else rating[rec.opponent],
                    score,
                    "black" if rec.colour is Colour.BLACK else "white",
                    rnd,
                    kind=_KIND[rec.result],
                )
            )
        out[p.id] = PlayerTiebreakData(p.id, p.rating, sum(g.score for g in games), games)
    return out


def test_the_sample_is_in_the_repository() -> None:
    assert len(FILES) == 17


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_value_equals_the_independent_implementation(path: Path, ruleset: str) -> None:
    participants, rounds = _participants(path, ruleset)
    theirs = rank_standings_strict(
        _theirs(participants, rounds), list(CODES.values()), rounds, ruleset=ruleset
    )
    their_values = {row.player_id: row.values for row in theirs.players}
    ours = TournamentTiebreaks(participants, rounds, regime=ruleset)
    differences, excluded, compared = [], [], 0
    for p in participants:
        for code, their_code in CODES.items():
            mine = ours.value(p.id, code)
            rule = next((e for e in EXCLUSIONS if e.applies(ours, p.id, code)), None)
            if rule is not None:
                excluded.append((p.id, code, rule.name))
                assert mine.value == rule.ours, (p.id, code, rule.name, mine.display)
                continue
            compared += 1
            theirs_value = Fraction(their_values[p.id][their_code])
            if code == "KS":
                # C.07 16.4: an unplayed round is a game against a dummy for tie-break purposes, so Koya
                # counts its points when the dummy reaches half the maximum; the other implementation
                # counts games over the board only in a Swiss (docs/fide-endorsement.md, "Koya and
                # forfeits"). The dummies' scores are the ones BH uses, which this test compares above.
                theirs_value += _koya_from_dummies(ours, p.id, rounds)
            if mine.value != theirs_value:
                differences.append((p.id, code, mine.display, their_values[p.id][their_code]))
    assert differences == []
    assert compared >= len(participants) * (len(CODES) - 1)


def _koya_from_dummies(t: TournamentTiebreaks, pid: int, rounds: int) -> Fraction:
    """Points of ``pid``'s unplayed rounds whose dummy opponent reaches half the maximum (C.07 9.2, 16.4)."""
    limit = t.scoring.win * rounds  # twice half the maximum, in half-points
    return Fraction(sum(e.own for e in t.entries[pid] if e.source == "dummy" and 2 * e.score >= limit), 2)


def test_the_sample_has_unplayed_rounds_that_koya_counts() -> None:
    """Guard: the Koya exception above is exercised (byes and forfeit wins of players on half or more)."""
    for ruleset in RULESETS:
        total = 0
        for path in FILES:
            participants, rounds = _participants(path, ruleset)
            t = TournamentTiebreaks(participants, rounds, regime=ruleset)
            total += sum(_koya_from_dummies(t, p.id, rounds) > 0 for p in participants)
        assert total >= 5, ruleset


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_direct_encounter_orders_each_level_group_like_the_independent_implementation(
    path: Path, ruleset: str
) -> None:
    participants, rounds = _participants(path, ruleset)
    tpn = {p.id: p.tpn for p in participants}
    ours = TournamentTiebreaks(participants, rounds, regime=ruleset, direct_encounter="fide")
    groups: dict[int, list[int]] = {}
    for p in participants:
        groups.setdefault(ours.total[p.id], []).append(p.id)
    levels = [
        level for score in sorted(groups, reverse=True) for level in ours.direct_encounter(groups[score])[0]
    ]
    # Their ranking returns one flat order, each level sorted by the keys given. Sorting the levels once by
    # pairing number and once in reverse makes the flat orders equal only when the levels are the same.
    for sign in (1, -1):
        theirs = rank_standings_strict(
            _theirs(participants, rounds),
            ["direct_encounter"],
            rounds,
            ruleset=ruleset,
            deterministic_keys={pid: sign * n for pid, n in tpn.items()},
        )
        flat = [pid for level in levels for pid in sorted(level, key=lambda pid: sign * tpn[pid])]
        assert flat == [row.player_id for row in theirs.players]


def test_direct_encounter_separates_somebody_in_the_sample() -> None:
    """Guard against a sample where direct encounter never does anything."""
    separated = 0
    for path in FILES:
        participants, rounds = _participants(path, "fide-2026")
        t = TournamentTiebreaks(participants, rounds, direct_encounter="fide")
        groups: dict[int, list[int]] = {}
        for p in participants:
            groups.setdefault(t.total[p.id], []).append(p.id)
        separated += sum(len(t.direct_encounter(g)[0]) > 1 for g in groups.values() if len(g) > 1)
    assert separated >= 10
