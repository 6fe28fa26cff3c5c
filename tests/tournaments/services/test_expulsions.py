"""Expelled players (issue 34, checklist Q197-198): the arbiter expels with a reason; from the next round the
player is not paired; the standings give them no place while their games keep counting for their opponents;
the API, the staff page, the public standings, the exports and the TRF agree."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.errors import NotAllowedError, NotFoundError, ValidationFailed
from pairing.engine.checker import check_tournament
from pairing.engine.trf.read import parse_trf
from pairing.standings import standings_for_tournament
from tournaments.exchange.trf_export import trf_export
from tournaments.exchange.trf_import import trf_import
from tournaments.models import AuditLog, Board, Participant, RoundBye
from tournaments.services.participants.byes import bye_request
from tournaments.services.participants.expulsions import participant_expel
from tournaments.services.participants.withdrawals import participant_withdraw
from tournaments.services.tournaments import tournament_create

from .conftest import pair_and_publish, play_round

pytestmark = pytest.mark.django_db


def _paired_ids(rnd) -> set[int]:
    return {pk for pair in Board.objects.filter(round=rnd).values_list("white_id", "black_id") for pk in pair}


@pytest.fixture
def two_rounds(swiss, arbiter):
    for _ in range(2):
        play_round(pair_and_publish(swiss, arbiter), arbiter)
    return swiss


def test_an_expelled_player_is_not_paired_and_the_expulsion_is_audited_with_its_reason(two_rounds, arbiter):
    p = Participant.objects.get(tournament=two_rounds, pairing_number=1)
    with pytest.raises(ValidationFailed, match="Say why"):
        participant_expel(participant=p, user=arbiter, reason="  ")
    participant_expel(participant=p, user=arbiter, reason="Used a phone during the game")
    p.refresh_from_db()
    assert (p.status, p.withdrawn_from_round) == (Participant.Status.EXPELLED, 3)
    record = AuditLog.objects.get(action="participant_expel", object_id=str(p.pk))
    assert record.after["reason"] == "Used a phone during the game"
    assert record.before["status"] == "active" and record.after["status"] == "expelled"
    rnd3 = pair_and_publish(two_rounds, arbiter)
    assert p.pk not in _paired_ids(rnd3)
    assert not RoundBye.objects.filter(participant=p, round_number=3).exists()
    with pytest.raises(ValidationFailed, match="already been expelled"):
        participant_expel(participant=p, user=arbiter, reason="again")
    with pytest.raises(ValidationFailed, match="expelled"):
        bye_request(participant=p, round_number=4, kind=RoundBye.Kind.HALF_POINT, user=arbiter)
    with pytest.raises(ValidationFailed, match="cannot withdraw"):
        participant_withdraw(participant=p, user=arbiter)
    p.refresh_from_db()
    assert p.status == Participant.Status.EXPELLED


def test_a_withdrawn_player_can_be_expelled_without_rounds_coming_back(two_rounds, arbiter):
    p = Participant.objects.get(tournament=two_rounds, pairing_number=7)
    participant_withdraw(participant=p, user=arbiter, from_round=2)
    participant_expel(participant=p, user=arbiter, reason="Left the venue after an incident")
    p.refresh_from_db()
    assert (p.status, p.withdrawn_from_round) == (Participant.Status.EXPELLED, 2)


def test_strangers_cannot_expel_and_a_round_robin_has_no_expulsion(swiss, stranger, organiser):
    p = Participant.objects.get(tournament=swiss, pairing_number=2)
    with pytest.raises((NotAllowedError, NotFoundError)):
        participant_expel(participant=p, user=stranger, reason="x")
    closed = tournament_create(user=organiser, name="Closed", format="round_robin")
    q = Participant.objects.create(tournament=closed, name="Solo", rating=1500)
    with pytest.raises(ValidationFailed, match="Swiss tournaments only"):
        participant_expel(participant=q, user=organiser, reason="x")


def test_the_standings_leave_the_expelled_player_out_and_keep_their_games_for_the_opponents(
    two_rounds, arbiter
):
    before = standings_for_tournament(two_rounds, breakdowns=False)
    leader = before.rows[0]
    participant_expel(participant=Participant.objects.get(pk=leader.id), user=arbiter, reason="Misconduct")
    after = standings_for_tournament(two_rounds, breakdowns=False)
    assert leader.id not in {row.id for row in after.rows}
    assert [row.rank for row in after.rows] == list(range(1, len(before.rows)))
    assert {row.id for row in after.rows} == {row.id for row in before.rows} - {leader.id}
    (gone,) = after.expelled
    assert gone.id == leader.id and gone.rank == 0 and gone.points == leader.points
    # Every opponent keeps the leader's games in their score and their tie-breaks.
    for row in after.rows:
        assert row.points == before.row(row.id).points
        assert [v.value for v in row.tiebreaks if v.code != "DE"] == [
            v.value for v in before.row(row.id).tiebreaks if v.code != "DE"
        ]


def test_public_standings_staff_table_and_csv_do_not_rank_the_expelled_player(two_rounds, arbiter, client):
    p = Participant.objects.get(tournament=two_rounds, pairing_number=1)
    p.name = "Xavier Expelled"
    p.save(update_fields=["name"])
    participant_expel(participant=p, user=arbiter, reason="Misconduct")
    page = client.get(reverse("public:standings", args=[two_rounds.public_token])).content.decode()
    table, _, note = page.partition('id="expelled-players"')
    assert page.count("<tr data-p=") == 9 and "Xavier Expelled" not in table
    assert "Expelled, not ranked" in note and "Xavier Expelled" in note.split("</p>")[0]
    api = client.get(reverse("api:public-standings", args=[two_rounds.public_token]))
    assert api.status_code == 200
    rows = api.json()["rows"]
    assert len(rows) == 9 and "Xavier Expelled" not in {row["name"] for row in rows}
    # Their games still count for the opponents: a breakdown names them.
    assert "Xavier Expelled" in api.content.decode()
    pdf = client.get(reverse("public:standings_pdf", args=[two_rounds.public_token]))
    assert pdf.status_code == 200
    # Their own card and the wall chart still show their games (no place).
    card = client.get(reverse("public:participant", args=[two_rounds.public_token, p.pk]))
    assert card.status_code == 200 and "Xavier Expelled" in card.content.decode()
    chart = client.get(reverse("public:crosstable", args=[two_rounds.public_token])).content.decode()
    # Ranked 1-9, then the expelled player, without a place, numbered 10 for their opponents' cells.
    assert chart.count('<td class="num rank">') == 10 and 'title="Expelled, not ranked">–</abbr>' in chart
    last_row = chart.split('<td class="num rank">')[-1]
    assert "Xavier Expelled" in last_row
    assert (
        chart.count('title="White against Xavier Expelled"')
        + chart.count('title="Black against Xavier Expelled"')
        == 2
    )
    from pairing.standings import staff_standings
    from tournaments.exchange.csv_export import standings_csv

    assert "Xavier Expelled" not in standings_csv(tournament=two_rounds)
    assert len(standings_csv(tournament=two_rounds).strip().splitlines()) == 1 + 9
    assert p.pk not in {row.id for row in staff_standings(two_rounds).rows}


def test_the_trf_marks_the_expulsion_the_checker_accepts_the_ranks_and_the_import_reads_it_back(
    two_rounds, arbiter, organiser
):
    p = Participant.objects.get(tournament=two_rounds, pairing_number=4)
    participant_expel(participant=p, user=arbiter, reason="Misconduct")
    play_round(pair_and_publish(two_rounds, arbiter), arbiter)
    text = trf_export(tournament=two_rounds)
    assert f"### Expelled from round 3: 4 {p.name}" in text
    parsed = parse_trf(text)
    assert parsed.expelled == {4: 3}
    assert next(player.rank for player in parsed.players if player.id == 4) == 10  # after the nine ranked
    report = check_tournament(parsed)
    assert report.standings_checked and not report.findings, report.findings
    imported = trf_import(text=text, owner=organiser).tournament
    back = Participant.objects.get(tournament=imported, pairing_number=4)
    assert (back.status, back.withdrawn_from_round) == (Participant.Status.EXPELLED, 3)
    assert 4 not in {row.tpn for row in standings_for_tournament(imported, breakdowns=False).rows}


def test_the_api_and_the_staff_page_expel(two_rounds, arbiter, client):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(arbiter)
    p = Participant.objects.get(tournament=two_rounds, pairing_number=5)
    url = f"/api/tournaments/{two_rounds.pk}/participants/{p.pk}/expel/"
    assert api.post(url, {}, format="json").status_code == 400  # the reason is required
    response = api.post(url, {"reason": "Abusive to the arbiter"}, format="json")
    assert response.status_code == 200, response.content
    assert (response.json()["status"], response.json()["withdrawn_from_round"]) == ("expelled", 3)
    q = Participant.objects.get(tournament=two_rounds, pairing_number=6)
    client.force_login(arbiter)
    listing = reverse("tournaments:participants", kwargs={"tournament_id": two_rounds.pk})
    page = client.get(listing).content.decode()
    assert "Expelled from round 3: not ranked" in page
    assert (
        reverse("tournaments:expel", kwargs={"tournament_id": two_rounds.pk, "participant_id": q.pk}) in page
    )
    expel_url = reverse("tournaments:expel", kwargs={"tournament_id": two_rounds.pk, "participant_id": q.pk})
    client.post(expel_url, {"reason": ""})
    q.refresh_from_db()
    assert q.status == Participant.Status.ACTIVE
    client.post(expel_url, {"reason": "Cheating"})
    q.refresh_from_db()
    assert q.status == Participant.Status.EXPELLED


def test_a_backup_keeps_the_expulsion(two_rounds, arbiter, organiser):
    from tournaments.exchange.json_backup import json_export, json_import

    p = Participant.objects.get(tournament=two_rounds, pairing_number=3)
    participant_expel(participant=p, user=arbiter, reason="Misconduct")
    restored = json_import(data=json_export(tournament=two_rounds), owner=organiser).tournament
    back = Participant.objects.get(tournament=restored, pairing_number=3)
    assert (back.status, back.withdrawn_from_round) == (Participant.Status.EXPELLED, 3)
    assert 3 not in {row.tpn for row in standings_for_tournament(restored, breakdowns=False).rows}


def test_when_the_engine_cannot_rank_the_points_only_list_leaves_the_expelled_player_out(
    two_rounds, arbiter, client
):
    from tournaments.models import Tournament

    p = Participant.objects.get(tournament=two_rounds, pairing_number=1)
    p.name = "Xavier Expelled"
    p.save(update_fields=["name"])
    participant_expel(participant=p, user=arbiter, reason="Misconduct")
    # A tie-break the engine refuses (Buchholz once the tournament is a round robin) leaves points only.
    Tournament.objects.filter(pk=two_rounds.pk).update(format=Tournament.Format.ROUND_ROBIN, tiebreaks="BH")
    page = client.get(reverse("public:standings", args=[two_rounds.public_token])).content.decode()
    assert "The tie-breaks cannot be worked out" in page
    table, _, note = page.partition('id="expelled-players"')
    assert page.count("<tr data-p=") == 9 and "Xavier Expelled" not in table and "Xavier Expelled" in note


def test_the_staff_standings_page_names_the_expelled_player_under_the_table(two_rounds, arbiter, client):
    """The arbiter's own table leaves them out like the public one, and says so: a player who
    silently vanished from the standings would look like a bug to the arbiter at the desk."""
    p = Participant.objects.get(tournament=two_rounds, pairing_number=1)
    p.name = "Xavier Expelled"
    p.save(update_fields=["name"])
    participant_expel(participant=p, user=arbiter, reason="Misconduct")
    client.force_login(arbiter)
    page = client.get(reverse("tournaments:standings", args=[two_rounds.pk])).content.decode()
    table, _, note = page.partition('id="expelled-players"')
    assert "Xavier Expelled" not in table
    assert "Expelled, not ranked" in note and "Xavier Expelled" in note.split("</p>")[0]
