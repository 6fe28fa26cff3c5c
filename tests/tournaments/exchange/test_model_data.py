"""The backup's field-by-field check: strict JSON types, the models' own choices and limits."""

from __future__ import annotations

import datetime

import pytest

from tournaments.exchange import model_data
from tournaments.models import Board, Participant, Round


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"name": "Ann", "rating": 5.5}, "rating"),
        ({"name": "Ann", "rating": True}, "rating"),
        ({"name": "Ann", "rating": "twelve"}, "rating"),
        ({"name": ["Ann"]}, "name"),
        ({"name": ""}, "name"),
        ({"name": "A" * 101}, "name"),
        ({"name": "Ann", "title": "XX"}, "title"),
        ({"rating": 1800}, "name"),
        ({"name": None}, "name"),
    ],
)
def test_a_bad_value_is_named_by_its_field(data, field):
    values, errors = model_data.load(Participant, Participant.RECORD_FIELDS, data)
    assert field in errors, errors


def test_good_values_come_back_clean_and_missing_optional_fields_stay_out():
    values, errors = model_data.load(
        Participant, Participant.RECORD_FIELDS, {"name": " Ann ", "rating": 1800.0, "title": "FM", "junk": 1}
    )
    assert errors == {}
    assert values == {"name": "Ann", "rating": 1800, "title": "FM"}


def test_dump_and_load_round_trip_a_row(db):
    rnd = Round(
        number=2,
        status=Round.Status.FINISHED,
        published_at=datetime.datetime(2026, 5, 1, 9, 30, tzinfo=datetime.UTC),
    )
    dumped = model_data.dump(rnd, ("number", "status", "published_at"))
    assert dumped == {"number": 2, "status": "finished", "published_at": "2026-05-01T09:30:00Z"}
    values, errors = model_data.load(Round, ("number", "status", "published_at"), dumped)
    assert errors == {} and values["published_at"] == rnd.published_at


def test_a_boolean_field_takes_only_true_or_false():
    _, errors = model_data.load(
        Board, ("number", "corrected_after_pairing"), {"number": 1, "corrected_after_pairing": "yes"}
    )
    assert "corrected_after_pairing" in errors
