"""The round records the tie-breaks accept: every game and forfeit on both sides, with results that fit."""

from __future__ import annotations

from collections.abc import Mapping

from pairing.engine.errors import InvalidRequestError
from pairing.engine.types import Participant, ResultCode, RoundRecord

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
    # Results an arbiter may impose (FIDE's endorsement checklist asks for them): ½-0, 0-½ and 0-0, a
    # played game in which each side keeps what it was given.
    (ResultCode.DRAW, ResultCode.LOSS),
    (ResultCode.LOSS, ResultCode.DRAW),
    (ResultCode.LOSS, ResultCode.LOSS),
}


def _who(by_id: Mapping[int, Participant], pid: int) -> str:
    name = by_id[pid].name
    return f"participant {pid} ({name})" if name else f"participant {pid}"


def check_opponents(records: Mapping[int, tuple[RoundRecord, ...]], by_id: Mapping[int, Participant]) -> None:
    """Every game and forfeit must appear on both sides with results that fit together."""
    for pid, recs in records.items():
        for rnd, rec in enumerate(recs, start=1):
            needs_opponent = rec.result.paired
            if rec.opponent is None:
                if needs_opponent:
                    raise InvalidRequestError(
                        f"{_who(by_id, pid)}, round {rnd}: result {rec.result.value!r} needs an opponent"
                    )
                continue
            if not needs_opponent:
                raise InvalidRequestError(
                    f"{_who(by_id, pid)}, round {rnd}: a bye or absence ({rec.result.value!r}) has no opponent"
                )
            if rec.opponent == pid:
                raise InvalidRequestError(f"{_who(by_id, pid)}, round {rnd}: paired against themselves")
            if rec.opponent not in records:
                raise InvalidRequestError(
                    f"{_who(by_id, pid)}, round {rnd}: opponent {rec.opponent} is not a participant"
                )
            other = records[rec.opponent][rnd - 1]
            if other.opponent != pid:
                has = "no opponent" if other.opponent is None else f"opponent {other.opponent}"
                raise InvalidRequestError(
                    f"{_who(by_id, pid)}, round {rnd}: the opponent, {_who(by_id, rec.opponent)}, has {has} that round"
                )
            if (rec.result, other.result) not in _CONSISTENT:
                raise InvalidRequestError(
                    f"round {rnd}: results {rec.result.value!r} for {_who(by_id, pid)} and {other.result.value!r} "
                    f"for {_who(by_id, rec.opponent)} do not fit together"
                )
