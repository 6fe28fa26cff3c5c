"""Transitional: the participant services were split by concept; import them from their modules.

* :mod:`tournaments.services.registration`: ``participant_register``, ``late_entry``,
  ``clean_participant_fields``.
* :mod:`tournaments.services.participants_csv`: ``participants_import_csv``.
* :mod:`tournaments.services.withdrawals`: ``participant_withdraw``.
* :mod:`tournaments.services.byes`: ``bye_request``, ``absence_mark``, ``bye_cancel``.
* :mod:`tournaments.services.pairing_numbers`: the initial order and ``pairing_numbers_assign``.

This module only re-exports them for callers not yet moved (the pairing app, ``seed_demo``);
delete it once nothing imports it.
"""

from __future__ import annotations

from tournaments.services.byes import absence_mark, bye_cancel, bye_request
from tournaments.services.pairing_numbers import (
    initial_order_key,
    pairing_numbers_assign,
    pairing_numbers_frozen,
)
from tournaments.services.participants_csv import participants_import_csv
from tournaments.services.registration import clean_participant_fields, late_entry, participant_register
from tournaments.services.withdrawals import participant_withdraw

__all__ = [
    "absence_mark",
    "bye_cancel",
    "bye_request",
    "clean_participant_fields",
    "initial_order_key",
    "late_entry",
    "pairing_numbers_assign",
    "pairing_numbers_frozen",
    "participant_register",
    "participant_withdraw",
    "participants_import_csv",
]
