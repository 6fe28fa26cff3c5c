"""Inputs the fuzz tests (test_fuzz_inputs.py) found crashing an import, kept as plain examples."""

from __future__ import annotations

import pytest

from core.errors import ValidationFailed
from tests.security import world as w
from tournaments.exchange.json_backup import json_export, json_import
from tournaments.models import Participant, Round, Tournament
from tournaments.services.participants.csv_import import participants_import_csv


@pytest.fixture
def backup(tournament):
    return json_export(tournament=w.build(tournament, w.FINISHED).tournament)


def test_a_board_whose_player_ref_is_a_list_is_a_validation_error(backup, organiser):
    """It used to raise TypeError (unhashable list) while checking byes against boards: a 500."""
    backup["rounds"][0]["boards"][1]["white"] = []
    before = Tournament.objects.count()
    with pytest.raises(ValidationFailed, match=r"rounds\[0\]\.boards\[1\]\.white"):
        json_import(data=backup, owner=organiser)
    assert Tournament.objects.count() == before


def test_a_round_without_a_status_restores_like_one_caught_mid_pairing(backup, organiser):
    """It used to raise KeyError('status'): a 500. The model's default status is `pairing`, and a
    restored round that was being paired comes back `failed`, ready to be paired again."""
    del backup["rounds"][0]["status"]
    restored = json_import(data=backup, owner=organiser).tournament
    assert restored.rounds.get().status == Round.Status.FAILED
    assert restored.participants.count() == 8


def test_a_csv_with_a_nul_character_is_refused_and_saves_nothing(tournament, arbiter):
    """PostgreSQL refuses NUL in text: the import used to crash there after validating the rows."""
    preview = participants_import_csv(
        tournament=tournament, user=arbiter, text="Ann Apple,1500\nBob\x00Berry,1400", commit=True
    )
    assert not preview.saved
    assert "NUL" in " ".join(preview.rows[1].errors)
    assert Participant.objects.filter(tournament=tournament).count() == 0
