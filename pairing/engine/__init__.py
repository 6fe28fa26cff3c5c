"""The pairing engine: plain Python, no Django (see ``docs`` and ``python -m pairing.engine --help``)."""

from __future__ import annotations

from .baku import BakuPlan, baku_accelerations, baku_plan
from .berger import BergerRound, berger_round, berger_table, draw_pairing_numbers
from .checks import check_pairing
from .dutch import pair_round
from .errors import (
    AccelerationNotApplicableError,
    InvalidRequestError,
    NoValidPairingError,
    PairingError,
    TrfError,
)
from .least_bad import pair_least_bad
from .standings import StandingRow, Standings, StandingsRequest, compute_standings, standings_csv
from .tiebreaks import (
    DE_RULES,
    REGIMES,
    ROUND_ROBIN_DEFAULT,
    SWISS_DEFAULT,
    TIEBREAKS,
    Contribution,
    TiebreakInfo,
    TiebreakNotAllowedError,
    TiebreakValue,
    TournamentTiebreaks,
    UnknownTiebreakError,
    tiebreak_choices,
    validate_tiebreaks,
)
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
    "Contribution",
    "DE_RULES",
    "ForbiddenGroup",
    "InvalidRequestError",
    "NoValidPairingError",
    "PairingError",
    "REGIMES",
    "ROUND_ROBIN_DEFAULT",
    "SWISS_DEFAULT",
    "StandingRow",
    "Standings",
    "StandingsRequest",
    "TIEBREAKS",
    "TiebreakInfo",
    "TiebreakNotAllowedError",
    "TiebreakValue",
    "TournamentTiebreaks",
    "TrfBye",
    "TrfError",
    "TrfPlayer",
    "TrfTournament",
    "UnknownTiebreakError",
    "baku_accelerations",
    "baku_plan",
    "berger_round",
    "berger_table",
    "check_pairing",
    "compute_standings",
    "decode_trf",
    "draw_pairing_numbers",
    "pair_round",
    "pair_least_bad",
    "parse_trf",
    "standings_csv",
    "tiebreak_choices",
    "trf_from_request",
    "validate_tiebreaks",
    "write_trf",
]
