from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def rating_list_dir(settings, tmp_path):
    settings.RATING_LIST_DIR = tmp_path / "rating-lists"
    return settings.RATING_LIST_DIR


@pytest.fixture
def site_staff(django_user_model):
    return django_user_model.objects.create_user("stella", password="staff-pass-1", is_staff=True)
