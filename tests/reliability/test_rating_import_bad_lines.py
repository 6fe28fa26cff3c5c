"""Issue 32 item 4: one bad line never fails a rating import. A NUL in a name (PostgreSQL refuses
it: DataError) and a five-letter title (longer than the column: value too long) are reported as
bad lines with their numbers; every good line around them is kept. Runs on SQLite and on
PostgreSQL (the second is where the database itself refused the whole batch)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from ratings.models import RatedPlayer, RatingImport
from ratings.uploads import rating_import_create
from tests.ratings.fide_sample import HEADER, line

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _rating_list_dir(settings, tmp_path):
    settings.RATING_LIST_DIR = tmp_path / "rating-lists"


def test_a_nul_in_a_name_and_a_five_letter_title_are_bad_lines_and_the_rest_is_kept(
    django_user_model, django_capture_on_commit_callbacks
):
    staff = django_user_model.objects.create_user("stella", is_staff=True)
    lines = [HEADER]
    lines += [line(3000 + i, f"Good, Player{i}", "NED", srtng=1500 + i) for i in range(10)]
    lines.insert(4, line(3900, "Nul\x00, Name", "NED", srtng=1600))  # line 5
    lines.insert(8, line(3901, "Long, Title", "NED", tit="GMXYZ", srtng=1700))  # line 9
    data = "".join(f"{t}\n" for t in lines).encode()
    with django_capture_on_commit_callbacks(execute=True):
        job = rating_import_create(uploaded=SimpleUploadedFile("players_list_foa.txt", data), user=staff)
    job.refresh_from_db()
    assert job.status == RatingImport.Status.DONE, job.error
    assert (job.rows_read, job.added, job.bad) == (12, 10, 2)
    assert [s["line"] for s in job.bad_samples] == [5, 9]
    assert "NUL" in job.bad_samples[0]["reason"]
    assert "title" in job.bad_samples[1]["reason"]
    assert RatedPlayer.objects.filter(fide_id__in=range(3000, 3010)).count() == 10
    assert not RatedPlayer.objects.filter(fide_id__in=[3900, 3901]).exists()


def test_a_row_the_database_refuses_is_reported_and_its_batch_is_kept(
    django_user_model, django_capture_on_commit_callbacks, monkeypatch
):
    """Whatever the reader lets through, a row the database refuses costs that row only."""
    from ratings import services

    real = services._player_row

    def poisoned(record, import_id):
        row = real(record, import_id)
        if record.fide_id == 4005:
            row.federation = "TOOLONG"  # what a reader bug would let through
            row.name = "x\x00y"
        return row

    monkeypatch.setattr(services, "_player_row", poisoned)
    staff = django_user_model.objects.create_user("stella", is_staff=True)
    lines = [HEADER] + [line(4000 + i, f"Row, Player{i}", "NED") for i in range(10)]
    data = "".join(f"{t}\n" for t in lines).encode()
    with django_capture_on_commit_callbacks(execute=True):
        job = rating_import_create(uploaded=SimpleUploadedFile("players_list_foa.txt", data), user=staff)
    job.refresh_from_db()
    assert job.status == RatingImport.Status.DONE, job.error
    if RatedPlayer.objects.filter(fide_id=4005).exists():
        pytest.skip("this database stores what PostgreSQL refuses (SQLite does not check lengths or NULs)")
    assert (job.added, job.bad) == (9, 1)
    assert job.bad_samples[0]["line"] == 7 and "refused" in job.bad_samples[0]["reason"]
