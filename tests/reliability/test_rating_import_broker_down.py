"""A rating-list upload while the broker cannot be reached: the import is marked failed with the
reason, and the page offers a retry (which resumes it once the broker is back), never a 500 or an
import "waiting for a worker" that no worker will ever see."""

from __future__ import annotations

import socket

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from ratings.models import RatingImport
from tests.ratings.fide_sample import HEADER, line

pytestmark = pytest.mark.django_db


@pytest.fixture
def refused_broker(settings, tmp_path):
    from config.celery import app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # nothing listens there once the probe is closed
    settings.RATING_LIST_DIR = tmp_path / "lists"
    old = (app.conf.task_always_eager, app.conf.get("broker_write_url"))
    # The app's own pools are set aside, not closed: later tests send through them again.
    kept = (app._pool, app.amqp._producer_pool)
    app.conf.task_always_eager = False
    # What tasks are sent to (CELERY_BROKER_URL in the environment would win over broker_url).
    app.conf.broker_write_url = f"redis://127.0.0.1:{port}/0"
    app._pool, app.amqp._producer_pool = None, None
    yield
    app.conf.task_always_eager, app.conf.broker_write_url = old
    if app._pool is not None:
        app._pool.force_close_all()  # the pool made for the refused broker only
    app._pool, app.amqp._producer_pool = kept


def test_an_upload_while_the_broker_is_down_fails_visibly_with_a_retry(
    client, django_user_model, refused_broker, django_capture_on_commit_callbacks
):
    staff = django_user_model.objects.create_user("stella", is_staff=True)
    client.force_login(staff)
    data = "".join(f"{t}\n" for t in [HEADER, line(7001, "Broker, Down", "NED")]).encode()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("ratings:imports"), {"file": SimpleUploadedFile("list.txt", data)})
    assert response.status_code == 302
    job = RatingImport.objects.get()
    assert job.status == RatingImport.Status.FAILED
    assert "task queue could not be reached" in job.error
    page = client.get(reverse("ratings:import_detail", kwargs={"import_id": job.pk})).content.decode()
    assert reverse("ratings:import_retry", kwargs={"import_id": job.pk}) in page
