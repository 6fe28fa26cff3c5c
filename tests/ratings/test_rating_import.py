"""Importing a list: counts, re-imports that touch changed rows only, bad lines, failures."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from ratings.models import RatedPlayer, RatingImport
from ratings.services import RatingImportError, rating_import_run
from ratings.uploads import rating_import_create
from tests.ratings.fide_sample import HEADER, line

pytestmark = pytest.mark.django_db

FIRST = [
    HEADER,
    line(1503014, "Carlsen, Magnus", "NOR", "M", "GM", srtng=2831, rrtng=2823, brtng=2886, bday=1990),
    line(2020009, "Caruana, Fabiano", "USA", "M", "GM", srtng=2805, bday=1992),
    line(1000001, "Ólafsson, Friðrik", "ISL", "M", "GM", srtng=2400, bday=1935, flag="i"),
    "this line is broken",
]


def _upload(lines: list[str], user, name: str = "players_list_foa.txt", encoding: str = "utf-8"):
    data = "".join(f"{t}\n" for t in lines).encode(encoding)
    return rating_import_create(uploaded=SimpleUploadedFile(name, data), user=user)


def test_it_imports_a_list_and_reports_the_counts(site_staff, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = _upload(FIRST, site_staff)
    job.refresh_from_db()
    assert job.status == RatingImport.Status.DONE
    assert (job.rows_total, job.rows_read, job.added, job.updated, job.unchanged, job.bad) == (
        4,
        4,
        3,
        0,
        0,
        1,
    )
    assert [s["line"] for s in job.bad_samples] == [5] and "FIDE id is not a number" in job.bad_samples[0][
        "reason"
    ]
    assert job.encoding == "utf-8"
    carlsen = RatedPlayer.objects.get(fide_id=1503014)
    assert (carlsen.standard_rating, carlsen.rapid_rating, carlsen.blitz_rating, carlsen.title) == (
        2831,
        2823,
        2886,
        "GM",
    )
    assert RatedPlayer.objects.get(fide_id=1000001).search_key == "olafsson fridrik"
    assert not Path(job.path).exists(), "the uploaded file is removed once imported"


def test_a_newer_list_updates_changed_rows_only(site_staff, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        first = _upload(FIRST, site_staff)
    caruana_before = RatedPlayer.objects.get(fide_id=2020009)
    newer = [
        HEADER,
        line(1503014, "Carlsen, Magnus", "NOR", "M", "GM", srtng=2833, rrtng=2823, brtng=2886, bday=1990),
        line(2020009, "Caruana, Fabiano", "USA", "M", "GM", srtng=2805, bday=1992),
        line(1000001, "Ólafsson, Friðrik", "ISL", "M", "GM", srtng=2400, bday=1935, flag="i"),
        line(2016192, "Nakamura, Hikaru", "USA", "M", "GM", srtng=2802, bday=1987),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        second = _upload(newer, site_staff)
    second.refresh_from_db()
    assert (second.added, second.updated, second.unchanged, second.bad) == (1, 1, 2, 0)
    assert RatedPlayer.objects.get(fide_id=1503014).standard_rating == 2833
    assert RatedPlayer.objects.get(fide_id=1503014).updated_by_import_id == second.pk
    caruana = RatedPlayer.objects.get(fide_id=2020009)
    assert caruana.updated_by_import_id == first.pk == caruana_before.updated_by_import_id, (
        "unchanged row not written"
    )
    assert RatedPlayer.objects.count() == 4


def test_it_reads_a_latin_1_file(site_staff, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = _upload(FIRST[:4], site_staff, encoding="latin-1")
    job.refresh_from_db()
    assert (job.added, job.bad, job.encoding) == (3, 0, "latin-1")
    assert RatedPlayer.objects.get(fide_id=1000001).name == "Ólafsson, Friðrik"


def test_a_duplicate_fide_id_keeps_the_later_line_and_counts_as_bad(
    site_staff, django_capture_on_commit_callbacks
):
    lines = [HEADER, line(5, "Early, Entry", srtng=1500), line(5, "Late, Entry", srtng=1600)]
    with django_capture_on_commit_callbacks(execute=True):
        job = _upload(lines, site_staff)
    job.refresh_from_db()
    assert (job.added, job.bad) == (1, 1)
    assert RatedPlayer.objects.get(fide_id=5).name == "Late, Entry"


def test_it_writes_in_batches_larger_lists(site_staff, django_capture_on_commit_callbacks, monkeypatch):
    monkeypatch.setattr("ratings.services.BATCH_SIZE", 7)
    lines = [HEADER] + [line(100 + i, f"Player, Number{i}", srtng=1000 + i) for i in range(30)]
    with django_capture_on_commit_callbacks(execute=True):
        job = _upload(lines, site_staff)
    job.refresh_from_db()
    assert (job.rows_read, job.added, job.status) == (30, 30, RatingImport.Status.DONE)
    assert RatedPlayer.objects.count() == 30


def test_a_failure_is_stored_on_the_import_not_raised(site_staff, monkeypatch):
    job = _upload(FIRST, site_staff)
    monkeypatch.setattr(
        "ratings.services._write_batch", lambda *a: (_ for _ in ()).throw(RuntimeError("disk full"))
    )
    rating_import_run(import_id=job.pk)
    job.refresh_from_db()
    assert job.status == RatingImport.Status.FAILED and "disk full" in job.error


def test_an_import_runs_once_even_if_the_task_is_delivered_twice(site_staff):
    job = _upload(FIRST, site_staff)
    rating_import_run(import_id=job.pk)
    RatedPlayer.objects.all().delete()
    rating_import_run(import_id=job.pk)
    assert RatedPlayer.objects.count() == 0


def test_only_site_staff_may_import(django_user_model):
    user = django_user_model.objects.create_user("nobody")
    with pytest.raises(RatingImportError):
        _upload(FIRST, user)
    assert RatingImport.objects.count() == 0


def test_an_empty_file_is_refused(site_staff):
    with pytest.raises(RatingImportError, match="empty"):
        rating_import_create(uploaded=SimpleUploadedFile("x.txt", b""), user=site_staff)
    assert RatingImport.objects.count() == 0


def test_the_upload_enqueues_the_task_after_commit(site_staff, django_capture_on_commit_callbacks):
    from unittest import mock

    with mock.patch("ratings.tasks.rating_import_task.delay") as delay:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            job = _upload(FIRST, site_staff)
        delay.assert_not_called()
        for callback in callbacks:
            callback()
    delay.assert_called_once_with(job.pk)


def test_the_task_passes_the_id_to_the_service():
    from unittest import mock

    from ratings.tasks import rating_import_task

    with mock.patch("ratings.tasks.rating_import_run") as run:
        rating_import_task.run(42)
    run.assert_called_once_with(import_id=42)


def test_with_debug_on_the_query_log_does_not_grow_with_the_file(site_staff, settings, monkeypatch):
    """DEBUG keeps the text of each query; a million-line import must not hoard them (300 MB seen)."""
    from django.db import connection

    settings.DEBUG = True
    monkeypatch.setattr("ratings.services.BATCH_SIZE", 3)
    lines = [HEADER] + [line(100 + i, f"Player, Number{i}", srtng=1000 + i) for i in range(60)]
    job = _upload(lines, site_staff)
    rating_import_run(import_id=job.pk)
    assert RatedPlayer.objects.count() == 60
    assert len(connection.queries) < 10
