"""Issue 22 (5, 16): the organiser's files-and-log page; archiving and deleting a tournament."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from core.errors import NotAllowedError, ValidationFailed
from tournaments.exchange.json_backup import json_export
from tournaments.exchange.trf_export import trf_export
from tournaments.models import AuditLog, Board, Participant, Tournament
from tournaments.services.lifecycle import tournament_archive, tournament_delete
from tournaments.services.results import result_record

from .conftest import play_round


def url(tournament, name="data", **extra):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk, **extra})


def test_organisers_reach_the_page_from_the_tournament_navigation(client, organiser, arbiter, tournament):
    client.force_login(organiser)
    body = client.get(reverse("tournaments:rounds", kwargs={"tournament_id": tournament.pk})).content
    assert f'href="{url(tournament)}"'.encode() in body
    client.force_login(arbiter)
    assert client.get(url(tournament)).status_code == 403


@pytest.mark.parametrize(
    ("kind", "starts_with", "content_type"),
    [
        # A TRF opens with FIDE mode's ### lines (the seed of the lots, FIDE mode on), then 012.
        ("trf", "### Drawing of lots: seed", "text/plain"),
        ("trf2016", "### Drawing of lots: seed", "text/plain"),
        ("json", '{\n "format"', "application/json"),
        ("participants", "pairing_number,name", "text/csv"),
        ("standings", "rank,", "text/csv"),
    ],
)
def test_every_export_downloads_from_the_page(
    organiser_client, tournament, published_round, kind, starts_with, content_type
):
    body = organiser_client.get(url(tournament)).content.decode()
    assert url(tournament, "export", kind=kind) in body
    response = organiser_client.get(url(tournament, "export", kind=kind))
    assert response.status_code == 200 and response["Content-Type"].startswith(content_type)
    assert "attachment" in response["Content-Disposition"]
    assert response.content.decode().startswith(starts_with), response.content[:80]


def test_a_backup_and_a_trf_file_upload_as_new_tournaments(
    organiser_client, organiser, tournament, published_round
):
    backup = json.dumps(json_export(tournament=tournament)).encode()
    response = organiser_client.post(
        reverse("tournaments:tournament_import"),
        {"kind": "json", "file": SimpleUploadedFile("b.json", backup), "name": "Restored"},
    )
    restored = Tournament.objects.get(name="Restored")
    assert response.status_code == 302 and response["Location"].endswith(f"/t/{restored.pk}/rounds/")
    assert restored.participants.count() == 8 and restored.rounds.count() == 1
    trf = trf_export(tournament=tournament).encode()
    organiser_client.post(
        reverse("tournaments:tournament_import"),
        {"kind": "trf", "file": SimpleUploadedFile("t.trf", trf), "name": "From TRF"},
    )
    assert Tournament.objects.get(name="From TRF").participants.count() == 8


def test_what_a_trf_upload_could_not_keep_is_said_on_the_page(organiser_client):
    from tests.tournaments.exchange.test_trf_import import SMALL

    text = SMALL.replace("   2 b 1", "   2 b W").replace("   1 w 0", "   1 w L").encode()
    response = organiser_client.post(
        reverse("tournaments:tournament_import"),
        {"kind": "trf", "file": SimpleUploadedFile("t.trf", text)},
        follow=True,
    )
    body = response.content.decode()
    assert "Imported Small Open." in body and "Games of less than one move (W/D/L)" in body


def test_a_broken_upload_is_explained_and_creates_nothing(organiser_client):
    before = Tournament.objects.count()
    response = organiser_client.post(
        reverse("tournaments:tournament_import"),
        {"kind": "json", "file": SimpleUploadedFile("b.json", b"{nope")},
    )
    assert response.status_code == 400 and "not a JSON backup" in response.content.decode()
    response = organiser_client.post(
        reverse("tournaments:tournament_import"),
        {"kind": "json", "file": SimpleUploadedFile("b.json", b"{}")},
    )
    assert response.status_code == 400 and "not a tournament backup" in response.content.decode()
    assert Tournament.objects.count() == before


def test_the_audit_log_filters_by_round_and_board_and_pages(
    organiser_client, tournament, published_round, arbiter
):
    play_round(published_round, arbiter)
    board = Board.objects.get(round=published_round, number=2)
    result_record(board=board, user=arbiter, result="0-1", expected_version=board.version)
    body = organiser_client.get(url(tournament), {"round": 1, "board": 2}).content.decode()
    assert body.count("round 1 board 2") == 2 and "round 1 board 3" not in body
    body = organiser_client.get(url(tournament), {"round": 1}).content.decode()
    assert "round 1 board 3" in body and "Round published" in body
    assert "Player registered" not in body
    for n in range(60):
        AuditLog.objects.create(tournament=tournament, action="filler", object_type="x", object_id=str(n))
    first = organiser_client.get(url(tournament)).content.decode()
    assert "Page 1 of 2" in first and 'rel="next"' in first
    second = organiser_client.get(url(tournament), {"page": 2}).content.decode()
    assert "Page 2 of 2" in second and 'rel="prev"' in second


def test_archived_tournaments_leave_the_home_list_and_keep_their_public_link(
    organiser_client, organiser, tournament, published_round
):
    response = organiser_client.post(url(tournament, "archive"), {"archived": "1"}, follow=True)
    body = response.content.decode()
    listed, archived = body.split("<h1>Tournaments</h1>")[1].split('id="archived"')
    assert "Club Championship" not in listed and "Club Championship" in archived
    assert organiser_client.get(f"/p/{tournament.public_token}/").status_code == 200
    assert AuditLog.objects.filter(action="tournament_archive", user=organiser).exists()
    organiser_client.post(url(tournament, "archive"), {"archived": "0"})
    assert 'id="archived"' not in organiser_client.get("/").content.decode()


def test_delete_needs_the_typed_name_once_a_round_was_published(
    organiser_client, organiser, tournament, published_round
):
    response = organiser_client.post(
        url(tournament, "tournament_delete"), {"confirm": "club championship"}, follow=True
    )
    assert "Type the tournament&#x27;s name exactly" in response.content.decode()
    assert Tournament.objects.filter(pk=tournament.pk).exists()
    kept = AuditLog.objects.filter(tournament=tournament).count()
    organiser_client.post(url(tournament, "tournament_delete"), {"confirm": "Club Championship"})
    assert AuditLog.objects.filter(tournament=None).count() == kept + 1  # the record stays
    assert not Tournament.objects.filter(pk=tournament.pk).exists()
    assert not Participant.objects.filter(tournament_id=tournament.pk).exists()
    row = AuditLog.objects.get(action="tournament_delete")
    assert (
        row.user == organiser
        and row.before["name"] == "Club Championship"
        and row.before["published_rounds"] == 1
    )


def test_only_organisers_archive_or_delete(tournament, arbiter, organiser):
    with pytest.raises(NotAllowedError):
        tournament_delete(tournament=tournament, user=arbiter)
    with pytest.raises(NotAllowedError):
        tournament_archive(tournament=tournament, user=arbiter)
    tournament_delete(tournament=tournament, user=organiser)  # nothing published: no typing needed
    assert not Tournament.objects.filter(pk=tournament.pk).exists()


def test_a_draft_only_tournament_goes_without_typing(tournament, organiser, draft_round):
    tournament_delete(tournament=tournament, user=organiser)
    assert not Tournament.objects.filter(pk=tournament.pk).exists()


def test_a_published_tournament_refuses_an_untyped_delete(tournament, organiser, published_round):
    with pytest.raises(ValidationFailed, match="1 published round: players"):
        tournament_delete(tournament=tournament, user=organiser)


def test_the_audit_log_speaks_an_arbiters_words(organiser_client, tournament, published_round, arbiter):
    """Issue 33 (8): board numbers, names, results, who and when; no database ids or internal codes."""
    import re

    board = Board.objects.select_related("white", "black").get(round=published_round, number=1)
    result_record(board=board, user=arbiter, result="1-0", expected_version=board.version)
    body = organiser_client.get(url(tournament)).content.decode()
    log = body.split('id="audit-log"', 1)[1]
    assert "<td>Round paired</td>\n        <td>round 1</td>" in log
    assert "Result entered" in log and "result_record" not in log
    assert "Round published" in log and "round_publish" not in log
    assert "version" not in log and "[[" not in log
    assert f"1. {board.white.name} – {board.black.name}" in log  # the published round's boards
    assert "1-0" in log
    assert not re.search(r"bye: \d+\b", log)
