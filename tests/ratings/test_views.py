"""The staff import pages and the rating-list search page (full page, htmx partial, access)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from ratings.models import RatedPlayer, RatingImport
from tests.ratings.fide_sample import HEADER, line

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def _file() -> SimpleUploadedFile:
    text = "\n".join([HEADER, line(1503014, "Carlsen, Magnus", "NOR", tit="GM", srtng=2831), "bad"]) + "\n"
    return SimpleUploadedFile("players_list_foa.txt", text.encode())


def test_staff_upload_imports_the_list_and_shows_progress(
    client, site_staff, django_capture_on_commit_callbacks
):
    client.force_login(site_staff)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("ratings:imports"), {"file": _file()})
    job = RatingImport.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse(
        "ratings:import_detail", args=[job.pk]
    )
    page = client.get(response["Location"])
    assert page.status_code == 200
    body = page.content.decode()
    assert 'id="import-progress"' in body and "Done" in body and 'value="100"' in body
    assert "hx-trigger" not in body, "a finished import stops polling"
    assert "Line 3" in body
    assert RatedPlayer.objects.filter(fide_id=1503014).exists()


def test_a_running_import_polls_and_the_partial_has_no_page_around_it(client, site_staff):
    job = RatingImport.objects.create(
        original_name="x.txt", path="/nonexistent", rows_total=200, rows_read=50
    )
    client.force_login(site_staff)
    url = reverse("ratings:import_detail", args=[job.pk])
    full = client.get(url).content.decode()
    assert 'id="import-progress"' in full and "<html" in full and 'hx-trigger="every 2s"' in full
    part = client.get(url, headers=HX)
    assert part.status_code == 200
    text = part.content.decode()
    assert 'id="import-progress"' in text and "<html" not in text and 'value="25"' in text


def test_an_upload_without_a_file_is_refused(client, site_staff):
    client.force_login(site_staff)
    response = client.post(reverse("ratings:imports"), {})
    assert response.status_code == 400 and RatingImport.objects.count() == 0


@pytest.mark.parametrize("headers", [{}, HX])
def test_non_staff_get_403_and_anonymous_the_login_page(client, django_user_model, headers):
    job = RatingImport.objects.create(original_name="x.txt", path="/nonexistent")
    url = reverse("ratings:import_detail", args=[job.pk])
    assert client.get(url, headers=headers)["Location"].startswith("/accounts/login/")
    client.force_login(django_user_model.objects.create_user("member"))
    assert client.get(url, headers=headers).status_code == 403
    assert client.post(reverse("ratings:imports"), {"file": _file()}, headers=headers).status_code == 403
    assert RatingImport.objects.count() == 1


def test_search_page_and_partial(client, django_user_model):
    RatedPlayer.objects.create(
        fide_id=1, name="Ólafsson, Helgi", search_key="olafsson helgi", checksum=0, federation="ISL"
    )
    client.force_login(django_user_model.objects.create_user("member"))
    full = client.get(reverse("ratings:search"), {"q": "OLAF"}).content.decode()
    assert 'id="rated-player-results"' in full and "Ólafsson, Helgi" in full and "<html" in full
    part = client.get(reverse("ratings:search"), {"q": "olaf"}, headers=HX).content.decode()
    assert 'id="rated-player-results"' in part and "Ólafsson, Helgi" in part and "<html" not in part
