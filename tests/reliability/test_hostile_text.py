"""Typed-in text, whatever the entry path, goes through one check (tournaments/text.py): Unicode
NFC, trimmed, whitespace made one space, no control characters, no direction overrides, no
invisible-only names, duplicates compared after normalisation and case folding. The TRF writer
refuses a record a value would break, as a second line of defence."""

from __future__ import annotations

import pytest

from core.errors import ValidationFailed
from pairing.engine.errors import InvalidRequestError
from pairing.engine.trf import TrfPlayer, TrfTournament, parse_trf, write_trf
from tests.tournaments.api.conftest import token_client
from tests.tournaments.exchange.builders import build_full_tournament
from tournaments.exchange.json_backup import json_export, json_import
from tournaments.exchange.trf_export import trf_export
from tournaments.models import Participant, Tournament
from tournaments.services.participants.registration import participant_register
from tournaments.text import TextProblem, clean_line, same_name_key

FORGED = "001 9999 m    Forged, Player                    2900 ENG    99999999 1990/01/01  9.0    1"


def _player_records(trf: str) -> list[str]:
    return [line for line in trf.replace("\r\n", "\n").replace("\r", "\n").split("\n") if line[:3] == "001"]


@pytest.mark.django_db
def test_a_line_break_in_names_sent_through_the_api_cannot_forge_a_trf_record(organiser):
    api = token_client(organiser)
    created = api.post(
        "/api/tournaments/",
        {"name": f"Spring Open\r{FORGED}", "place": f"Leeds\n{FORGED}", "rounds_planned": 5},
        format="json",
    )
    assert created.status_code == 201, created.content
    tid = created.json()["id"]
    added = api.post(f"/api/tournaments/{tid}/participants/", {"name": f"Anna\r{FORGED}"}, format="json")
    assert added.status_code == 201, added.content
    api.post(f"/api/tournaments/{tid}/participants/", {"name": "Bob"}, format="json")
    tournament = Tournament.objects.get(pk=tid)
    assert "\r" not in tournament.name and "\n" not in tournament.place
    trf = trf_export(tournament=tournament)
    assert len(_player_records(trf)) == 2
    assert len(parse_trf(trf).players) == 2


@pytest.mark.django_db
def test_a_line_break_in_a_json_backup_cannot_forge_a_trf_record(organiser):
    backup = json_export(tournament=build_full_tournament(owner=organiser))
    backup["tournament"]["name"] = f"Restored\r{FORGED}"
    backup["tournament"]["place"] = f"York\r\n{FORGED}"
    backup["participants"][0]["name"] = f"P1\r{FORGED}"
    backup["participants"][1]["club_name"] = f"Club\n{FORGED}"
    restored = json_import(data=backup, owner=organiser).tournament
    trf = trf_export(tournament=restored)
    assert len(_player_records(trf)) == len(backup["participants"])
    assert len(parse_trf(trf).players) == len(backup["participants"])


def test_the_trf_writer_refuses_a_value_that_would_break_its_columns():
    def tournament(**player) -> TrfTournament:
        return TrfTournament(players=(TrfPlayer(id=1, **{"name": "Anna", **player}),))

    with pytest.raises(InvalidRequestError, match="line break"):
        write_trf(tournament(name=f"Anna\r{FORGED}"))
    with pytest.raises(InvalidRequestError, match="FIDE id"):
        write_trf(tournament(fide_id="123456789012"))  # cut to 11 digits it would be someone else
    with pytest.raises(InvalidRequestError, match="line break"):
        write_trf(TrfTournament(name=f"Open\n{FORGED}", players=(TrfPlayer(id=1, name="Anna"),)))


@pytest.mark.parametrize(
    "bad",
    [
        "\u200b\u200b",  # zero-width spaces only
        "\u3164",  # Hangul filler
        "\u00ad\u200d",
        "Anna\u202eMaria",  # right-to-left override
        "Anna\u2066x\u2069",  # isolates
        "Anna\x00",
        "Anna\x07",
    ],
)
@pytest.mark.django_db
def test_invisible_names_and_direction_overrides_are_refused_on_every_path(bad, tournament, organiser):
    before = Participant.objects.count()
    with pytest.raises(ValidationFailed):
        participant_register(tournament=tournament, user=organiser, name=bad)
    api = token_client(organiser)
    response = api.post(f"/api/tournaments/{tournament.pk}/participants/", {"name": bad}, format="json")
    assert response.status_code == 400
    refused = api.post("/api/tournaments/", {"name": bad}, format="json")
    assert refused.status_code == 400
    backup = json_export(tournament=build_full_tournament(owner=organiser))
    backup["participants"][0]["name"] = bad
    with pytest.raises(ValidationFailed):
        json_import(data=backup, owner=organiser)
    assert Participant.objects.count() == before + 10  # only the built tournament's own players


@pytest.mark.django_db
def test_a_decomposed_name_is_the_same_player_as_the_composed_one(tournament, organiser):
    first = participant_register(tournament=tournament, user=organiser, name="Mu\u0308ller").participant
    assert first.name == "Müller"
    with pytest.raises(ValidationFailed, match="already registered"):
        participant_register(tournament=tournament, user=organiser, name="MÜLLER")
    with pytest.raises(ValidationFailed, match="already registered"):
        participant_register(tournament=tournament, user=organiser, name="mu\u0308ller")


def test_clean_line():
    assert clean_line("  Anna \r\n  Maria\t ", label="Name") == "Anna Maria"
    assert clean_line("Mu\u0308ller", label="Name") == "Müller"
    assert clean_line("", label="Name") == ""
    with pytest.raises(TextProblem, match="Name is missing"):
        clean_line(" \t", label="Name", required=True)
    with pytest.raises(TextProblem, match="longer than 5"):
        clean_line("abcdef", label="Name", max_length=5)
    assert same_name_key("Straße") == same_name_key("STRASSE")
    assert (
        clean_line("\u05e9\u05dc\u05d5\u05dd", label="Name") == "\u05e9\u05dc\u05d5\u05dd"
    )  # Hebrew is fine
