"""The shapes a JSON backup's rounds must have beyond what the model fields say (they are JSON
fields, so the database takes anything): the engine's explanation and the violations as the pairing
service stores them, and the coherence of the rounds with each other and with the tournament's
status. Each function returns plain-words problems; :mod:`exchange_json` names where they are."""

from __future__ import annotations

from typing import Any

from tournaments.models import Round, Tournament

_MAX_NUMBER = 10**7
_PARTICIPANT_ID = "a participant id (a whole number)"


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -_MAX_NUMBER <= value <= _MAX_NUMBER


def _str(value: Any) -> bool:
    return isinstance(value, str)


def _list_of(value: Any, check) -> bool:
    return isinstance(value, list) and all(check(item) for item in value)


def _object(value: Any, fields: dict[str, Any]) -> bool:
    """A dict with exactly these keys, each passing its check."""
    return isinstance(value, dict) and set(value) == set(fields) and all(fields[k](value[k]) for k in fields)


def _scoregroup(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and _int(value[0]) and _list_of(value[1], _int)


_FLOAT = {
    "participant": _int,
    "direction": lambda v: v in ("up", "down"),
    "from_score": _int,
    "to_score": _int,
    "reason": _str,
}
_BOARD_NOTE = {"board": _int, "colour_rule": _str, "message": _str}
_GIVEN_UP = {"rule": _str, "message": _str, "participants": lambda v: _list_of(v, _int)}
_EXPLANATION = {
    "scoregroups": (lambda v: _list_of(v, _scoregroup), "a list of [score, [participant ids]]"),
    "floats": (
        lambda v: _list_of(v, lambda f: _object(f, _FLOAT)),
        f"a list of objects with {', '.join(_FLOAT)}",
    ),
    "boards": (
        lambda v: _list_of(v, lambda b: _object(b, _BOARD_NOTE)),
        f"a list of objects with {', '.join(_BOARD_NOTE)}",
    ),
    "notes": (lambda v: _list_of(v, _str), "a list of texts"),
    "names": (
        lambda v: isinstance(v, dict) and all(_str(n) for n in v.values()),
        "an object from participant id to name",
    ),
    "baku": (
        lambda v: _object(
            v,
            {
                "ga": lambda ga: _list_of(ga, _int),
                "virtual_points": lambda vp: isinstance(vp, dict) and all(_int(x) for x in vp.values()),
            },
        ),
        'an object with "ga" (participant ids) and "virtual_points" (id to half-points)',
    ),
    # The engine's own pairing, kept for comparing a later hand edit (pairing/services/drafts.py).
    "engine_boards": (
        lambda v: _list_of(v, lambda b: isinstance(b, list) and len(b) == 3 and all(_int(x) for x in b)),
        "a list of [board number, white id, black id]",
    ),
    "engine_bye": (lambda v: v is None or _int(v), "a participant id or null"),
    "hand_edited": (lambda v: isinstance(v, bool), "true or false"),
    # The engine's own board notes and floats, kept at the first hand edit (the shown ones are redone).
    "engine_notes": (
        lambda v: _object(
            v,
            {
                "boards": lambda b: _list_of(b, lambda n: _object(n, _BOARD_NOTE)),
                "floats": lambda f: _list_of(f, lambda n: _object(n, _FLOAT)),
            },
        ),
        'an object with "boards" and "floats" (the engine\'s notes before a hand edit)',
    ),
    "given_up": (
        lambda v: _list_of(v, lambda g: _object(g, _GIVEN_UP)),
        f"a list of objects with {', '.join(_GIVEN_UP)}",
    ),
}
_VIOLATION = {
    "rule": _str,
    "participants": lambda v: _list_of(v, _int),
    "names": lambda v: _list_of(v, _str),
    "message": _str,
}


def explanation_problems(value: Any) -> list[str]:
    """What is wrong with a round's stored explanation (``{}`` for a round never paired)."""
    if not isinstance(value, dict):
        return ["Expected an object (the engine's account of the pairing), or {}."]
    problems = [f"Unknown part {key!r}." for key in value if key not in _EXPLANATION]
    for key, (check, shape) in _EXPLANATION.items():
        if key in value and not check(value[key]):
            problems.append(f"{key!r} must be {shape}.")
    return problems


def violations_problems(value: Any) -> list[str]:
    if not _list_of(value, lambda v: _object(v, _VIOLATION)):
        return [f"Expected a list of objects with {', '.join(_VIOLATION)}."]
    return []


def scores_paired_on_problems(value: Any, ref_by_key: dict[str, Any]) -> list[str]:
    """What is wrong with a round's ``scores_paired_on``: an object from participant ref (as JSON
    keys are, text) to the half-points that participant had when the round was paired."""
    if not isinstance(value, dict):
        return ["Expected an object from participant ref to half-points, or {}."]
    problems = [f"Unknown participant ref {key!r}." for key in value if key not in ref_by_key]
    problems += [
        f"The score of {key!r} must be a whole number of half-points, 0 or more."
        for key, points in value.items()
        if not (_int(points) and points >= 0)
    ]
    return problems


def rounds_problems(rounds: list[dict[str, Any]], tournament_status: str | None) -> list[str]:
    """Coherence of the rounds: numbered 1, 2, 3 … without gaps, and a tournament marked finished
    only when every round is finished."""
    problems = []
    numbers = sorted(r["number"] for r in rounds)
    if numbers and numbers != list(range(1, len(numbers) + 1)):
        problems.append(
            f"Rounds must be numbered 1 to {len(numbers)} without gaps; the backup has {numbers}."
        )
    if tournament_status == Tournament.Status.FINISHED and any(
        r.get("status", Round.Status.PAIRING) != Round.Status.FINISHED for r in rounds
    ):
        problems.append("The tournament is marked finished but not every round is finished.")
    return problems
