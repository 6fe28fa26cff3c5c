from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.models import Participant

from .conftest import htmx

GOOD = "name,rating,title\nAnn Archer,2000,FM\nBen Brown,1800,\n"
BAD = "name,rating,title\nAnn Archer,2000,FM\nBen Brown,lots,\n,1500,\n"


def import_url(tournament):
    return reverse("tournaments:participants_import", kwargs={"tournament_id": tournament.pk})


def test_the_import_page(arbiter_client, tournament):
    body = arbiter_client.get(import_url(tournament)).content.decode()
    assert 'id="import-form"' in body and 'id="import-preview"' in body


def test_preview_shows_each_rows_problems_and_saves_nothing(arbiter_client, tournament):
    body = arbiter_client.post(import_url(tournament), {"text": BAD, "commit": "1"}).content.decode()
    assert "Nothing was imported" in body and "2 with errors" in body
    assert "Rating &#x27;lots&#x27; is not a whole number." in body and "Name is missing." in body
    assert Participant.objects.count() == 0


def test_the_preview_partial(arbiter_client, tournament):
    response = htmx(arbiter_client, "post", import_url(tournament), data={"text": GOOD, "preview": "1"})
    body = response.content.decode()
    assert 'id="import-preview"' in body and "<html" not in body and "all valid" in body
    assert Participant.objects.count() == 0


def test_a_valid_list_is_imported_in_one_go(arbiter_client, tournament):
    response = arbiter_client.post(import_url(tournament), {"text": GOOD, "commit": "1"})
    assert response.status_code == 302
    assert list(Participant.objects.order_by("pairing_number").values_list("name", flat=True)) == [
        "Ann Archer",
        "Ben Brown",
    ]


def test_a_file_can_be_uploaded(arbiter_client, tournament):
    upload = SimpleUploadedFile("players.csv", GOOD.encode("utf-8-sig"), content_type="text/csv")
    response = arbiter_client.post(import_url(tournament), {"file": upload, "commit": "1"})
    assert response.status_code == 302 and Participant.objects.count() == 2
