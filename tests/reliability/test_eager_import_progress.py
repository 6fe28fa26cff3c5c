"""Issue 33 item 7: under ``make run`` (eager Celery, no worker) the rating-list upload must not
block until the import is over: the upload answers at once and the progress page shows the import
advancing (it runs in a thread of the web process, ``RATING_IMPORT_IN_THREAD``)."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from ratings.models import RatedPlayer, RatingImport
from tests.ratings.fide_sample import HEADER, line

pytestmark = pytest.mark.django_db(transaction=True)

LINES = 20_000


def test_the_upload_answers_at_once_and_the_page_shows_the_progress(
    client, django_user_model, settings, tmp_path
):
    settings.RATING_LIST_DIR = tmp_path / "lists"
    settings.RATING_IMPORT_IN_THREAD = True
    assert settings.CELERY_TASK_ALWAYS_EAGER
    staff = django_user_model.objects.create_user("stella", is_staff=True)
    client.force_login(staff)
    path = tmp_path / "players_list_foa.txt"
    path.write_text(
        "".join(
            f"{t}\n" for t in [HEADER] + [line(20_000 + i, f"Eager, Player{i}", "NED") for i in range(LINES)]
        )
    )
    with path.open("rb") as handle:
        response = client.post(reverse("ratings:imports"), {"file": handle})
    assert response.status_code == 302
    job = RatingImport.objects.get()
    assert job.status in ("pending", "running"), "the upload waited for the whole import"

    detail = reverse("ratings:import_detail", kwargs={"import_id": job.pk})
    seen: set[int] = set()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        job.refresh_from_db()
        page = client.get(detail, headers={"HX-Request": "true"})
        assert page.status_code == 200
        if not job.in_progress:
            break
        seen.add(job.percent)
        time.sleep(0.05)
    assert job.status == RatingImport.Status.DONE, job.error
    assert any(0 < p < 100 for p in seen), f"no progress between 0 and 100 was ever shown: {sorted(seen)}"
    assert RatedPlayer.objects.count() == LINES
