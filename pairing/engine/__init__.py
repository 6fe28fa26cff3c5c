"""The pairing engine: plain Python, no Django (see ``docs`` and ``python -m pairing.engine --help``)."""

from __future__ import annotations

from .baku import BakuPlan, baku_accelerations, baku_plan
from .berger import BergerRound, berger_round, berger_table, draw_pairing_numbers
from .checks import check_pairing
from .errors import (
    AccelerationNotApplicableError,
    InvalidRequestError,
    NoValidPairingError,
    PairingError,
    TrfError,
)
from .least_bad import pair_least_bad
from .trf import (
    ForbiddenGroup,
    TrfBye,
    TrfPlayer,
    TrfTournament,
    decode_trf,
    parse_trf,
    trf_from_request,
    write_trf,
)

__all__ = [
    "AccelerationNotApplicableError",
    "BakuPlan",
    "BergerRound",
    "ForbiddenGroup",
    "InvalidRequestError",
    "NoValidPairingError",
    "PairingError",
    "TrfBye",
    "TrfError",
    "TrfPlayer",
    "TrfTournament",
    "baku_accelerations",
    "baku_plan",
    "berger_round",
    "berger_table",
    "check_pairing",
    "decode_trf",
    "draw_pairing_numbers",
    "pair_least_bad",
    "parse_trf",
    "trf_from_request",
    "write_trf",
]
