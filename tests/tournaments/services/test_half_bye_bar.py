"""A participant barred from half-point byes (FIDE's endorsement checklist, Q171-176): the arbiter
sets the bar on the participant's page or through the API; every request for a half-point bye is
then refused with a clear message and nothing is written; backups, CSV and TRF keep the bar."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from core.errors import ValidationFailed
from tests.tournaments.api.conftest import token_client
from tournaments.exchange.csv_export import participants_csv
from tournaments.exchange.json_backup import json_export, json_import
from tournaments.exchange.trf_export import trf_export
from tournaments.exchange.trf_import import trf_import
from tournaments.models import AuditLog, RoundBye
from tournaments.services.participants.byes import bye_request
from tournaments.services.participants.edits import participant_update
from tournaments.services.participants.numbers import pairing_numbers_assign

from .conftest import add_players


def test_a_barred_participant_is_refused_a_half_point_bye_and_nothing_changes(tournament, arbiter):
    people = add_players(tournament, 6)
    participant_update(participant=people[0], user=arbiter, half_byes_barred=True)
    audits = AuditLog.objects.count()
    with pytest.raises(ValidationFailed, match="is barred from half-point byes"):
        bye_request(participant=people[0], round_number=2, kind="half", user=arbiter)
    assert not RoundBye.objects.filter(participant=people[0]).exists()
    assert AuditLog.objects.count() == audits
    # A zero-point bye is still theirs to ask for, and the others keep their half-point byes.
    assert bye_request(participant=people[0], round_number=2, kind="zero", user=arbiter).bye.points == 0
    assert bye_request(participant=people[1], round_number=2, kind="half", user=arbiter).bye.points == 1


def test_the_bar_is_set_on_the_participants_page_and_the_desk_refuses_the_bye(tournament, arbiter, client):
    people = add_players(tournament, 4)
    client.force_login(arbiter)
    edit = reverse(
        "tournaments:participant_edit",
        kwargs={"tournament_id": tournament.pk, "participant_id": people[0].pk},
    )
    assert 'name="half_byes_barred"' in client.get(edit).content.decode()
    client.post(edit, {"name": people[0].name, "rating": people[0].rating, "half_byes_barred": "on"})
    people[0].refresh_from_db()
    assert people[0].half_byes_barred
    listing = client.get(reverse("tournaments:participants", kwargs={"tournament_id": tournament.pk}))
    assert "Barred from half-point byes" in listing.content.decode()
    answer = client.post(
        reverse("tournaments:bye_add", kwargs={"tournament_id": tournament.pk}),
        {"participant": people[0].pk, "round_number": 1, "kind": "half"},
        follow=True,
    )
    assert "is barred from half-point byes" in answer.content.decode()
    assert not RoundBye.objects.filter(participant=people[0]).exists()
    # Unticking lifts the bar.
    client.post(edit, {"name": people[0].name, "rating": people[0].rating})
    people[0].refresh_from_db()
    assert not people[0].half_byes_barred


def test_the_api_sets_shows_and_enforces_the_bar(tournament, arbiter):
    api = token_client(arbiter)
    p = tournament.participants.create(name="Ann")
    base = f"/api/tournaments/{tournament.pk}"
    answer = api.patch(f"{base}/participants/{p.pk}/", {"half_byes_barred": True}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["half_byes_barred"] is True
    refused = api.post(
        f"{base}/byes/", {"participant": p.pk, "round_number": 2, "kind": "half"}, format="json"
    )
    assert refused.status_code == 400
    assert "barred from half-point byes" in refused.json()["detail"]
    assert not RoundBye.objects.filter(participant=p).exists()


def test_backup_csv_and_trf_keep_the_bar(tournament, arbiter, organiser):
    people = add_players(tournament, 4)
    pairing_numbers_assign(tournament)
    participant_update(participant=people[2], user=arbiter, half_byes_barred=True)
    people[2].refresh_from_db()
    backup = json_export(tournament=tournament)
    assert [p["half_byes_barred"] for p in backup["participants"]].count(True) == 1
    restored = json_import(data=backup, owner=organiser).tournament
    assert list(restored.participants.filter(half_byes_barred=True).values_list("name", flat=True)) == [
        people[2].name
    ]
    rows = list(csv.DictReader(io.StringIO(participants_csv(tournament=tournament))))
    assert {r["name"]: r["half_byes_barred"] for r in rows}[people[2].name] == "True"
    text = trf_export(tournament=tournament)
    assert f"### Barred from half-point byes: {people[2].pairing_number} {people[2].name}" in text
    again = trf_import(text=text, owner=organiser).tournament
    assert list(
        again.participants.filter(half_byes_barred=True).values_list("pairing_number", flat=True)
    ) == [people[2].pairing_number]


def test_undoing_a_withdrawal_gives_a_barred_participant_no_half_point_back(tournament, arbiter):
    """Their half-point bye, dropped by the withdrawal, comes back as a zero-point bye once the
    arbiter has barred them: still excused from the round, without the half point."""
    from tournaments.services.participants.withdrawals import participant_withdraw, withdrawal_undo

    people = add_players(tournament, 6)
    pairing_numbers_assign(tournament)
    bye_request(participant=people[2], round_number=3, kind="half", user=arbiter)
    participant_withdraw(participant=people[2], user=arbiter, from_round=2)
    participant_update(participant=people[2], user=arbiter, half_byes_barred=True)
    withdrawal_undo(participant=people[2], user=arbiter)
    assert list(
        RoundBye.objects.filter(participant=people[2]).values_list("round_number", "kind", "points")
    ) == [(3, "zero", 0)]
