"""Forbidden pairs in the exchange formats: TRF-2026 ``260``, TRF-2016 ``XXP``, the JSON backup.

The full tournament (builders.py) has four finished rounds of five; round 5 is next. Its pairs:
P1-P2 in every round, P3-P4 in rounds 2-3 (over), P5-P6 from round 5.
"""

from __future__ import annotations

import copy

import pytest

from core.errors import ValidationFailed
from tests.tournaments.exchange.test_trf_import import SMALL
from tournaments.exchange.json_backup import json_export, json_import
from tournaments.exchange.trf_export import trf_export
from tournaments.exchange.trf_import import trf_import
from tournaments.models import ForbiddenPair, Tournament


@pytest.fixture
def with_pairs(full_tournament) -> Tournament:
    people = {p.pairing_number: p for p in full_tournament.participants.all()}
    for a, b, first, last, reason in [
        (2, 1, None, None, "Siblings"),
        (3, 4, 2, 3, ""),
        (5, 6, 5, None, "Incident in round 4"),
    ]:
        low, high = sorted((people[a], people[b]), key=lambda p: p.pk)
        ForbiddenPair.objects.create(
            tournament=full_tournament,
            first=low,
            second=high,
            first_round=first,
            last_round=last,
            reason=reason,
        )
    return full_tournament


def _lines(text: str, code: str) -> list[str]:
    return [line for line in text.split("\r") if line.startswith(code)]


def _pairs(t: Tournament) -> set[tuple[int, int, int | None, int | None]]:
    return {
        (f.first.pairing_number, f.second.pairing_number, f.first_round, f.last_round)
        for f in ForbiddenPair.objects.filter(tournament=t).select_related("first", "second")
    }


def test_trf_2026_writes_one_260_record_per_pair_with_its_rounds(with_pairs):
    text = trf_export(tournament=with_pairs, version="2026")
    assert _lines(text, "260") == [
        "260   1   5    1    2",
        "260   2   3    3    4",
        "260   5   5    5    6",
    ]
    assert _lines(text, "XXP") == []


def test_trf_2016_writes_xxp_for_the_pairs_of_the_next_round_only(with_pairs):
    text = trf_export(tournament=with_pairs, version="2016")
    assert _lines(text, "XXP") == ["XXP 1 2", "XXP 5 6"]
    assert _lines(text, "260") == []


@pytest.mark.parametrize("version", ["2026", "2016"])
def test_export_import_export_gives_the_same_file_with_forbidden_pairs(with_pairs, organiser, version):
    first = trf_export(tournament=with_pairs, version=version)
    imported = trf_import(text=first, owner=organiser)
    # The fixture's full-point bye is the one thing said (FIDE deprecates them; kept as they are).
    assert all("full-point bye" in w for w in imported.warnings)
    again = trf_export(tournament=imported.tournament, version=version)
    assert again == first


def test_the_import_keeps_each_pair_and_its_rounds(with_pairs, organiser):
    imported = trf_import(text=trf_export(tournament=with_pairs), owner=organiser).tournament
    assert _pairs(imported) == {(1, 2, None, None), (3, 4, 2, 3), (5, 6, 5, None)}


def test_an_xxp_group_of_three_becomes_three_pairs(db, organiser):
    t = trf_import(text=SMALL + "\nXXP 1 2 3", owner=organiser).tournament
    assert _pairs(t) == {(1, 2, None, None), (1, 3, None, None), (2, 3, None, None)}


def test_a_forbidden_pair_naming_an_unknown_player_is_refused_with_its_line(db, organiser):
    with pytest.raises(
        ValidationFailed, match="line 9, column 1: forbidden pair: player 7 has no player record"
    ):
        trf_import(text=SMALL + "\n260   1   3    1    7", owner=organiser)
    assert not Tournament.objects.exists()


def _normalised_pairs(doc: dict) -> list[dict]:
    number = {p["ref"]: p["pairing_number"] for p in doc["participants"]}
    return sorted(
        ({**f, "first": number[f["first"]], "second": number[f["second"]]} for f in doc["forbidden_pairs"]),
        key=lambda f: (f["first"], f["second"]),
    )


def test_the_json_backup_restores_the_pairs(with_pairs, stranger):
    doc = json_export(tournament=with_pairs)
    assert _normalised_pairs(doc) == [
        {"first": 1, "second": 2, "first_round": None, "last_round": None, "reason": "Siblings"},
        {"first": 3, "second": 4, "first_round": 2, "last_round": 3, "reason": ""},
        {"first": 5, "second": 6, "first_round": 5, "last_round": None, "reason": "Incident in round 4"},
    ]
    restored = json_import(data=doc, owner=stranger).tournament
    assert _pairs(restored) == _pairs(with_pairs)
    assert _normalised_pairs(json_export(tournament=restored)) == _normalised_pairs(doc)


def test_a_backup_without_forbidden_pairs_still_restores(full_tournament, stranger):
    doc = json_export(tournament=full_tournament)
    del doc["forbidden_pairs"]
    assert not ForbiddenPair.objects.filter(
        tournament=json_import(data=doc, owner=stranger).tournament
    ).exists()


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"first": 999}, "forbidden_pairs[0].first", "Unknown participant ref 999"),
        ({"second": "same"}, "forbidden_pairs[0]", "themselves"),
        ({"first_round": 4, "last_round": 2}, "forbidden_pairs[0]", "empty range"),
        ({"first_round": 0}, "forbidden_pairs[0].first_round", "numbered from 1"),
    ],
)
def test_a_bad_forbidden_pair_in_a_backup_changes_nothing(with_pairs, stranger, change, path, message):
    doc = copy.deepcopy(json_export(tournament=with_pairs))
    pair = doc["forbidden_pairs"][0]
    if change.get("second") == "same":
        change = {"second": pair["first"]}
    pair.update(change)
    count = Tournament.objects.count()
    with pytest.raises(ValidationFailed) as caught:
        json_import(data=doc, owner=stranger)
    assert any(message in m for m in caught.value.errors[path])
    assert Tournament.objects.count() == count


def test_a_duplicate_pair_in_a_backup_is_refused(with_pairs, stranger):
    doc = json_export(tournament=with_pairs)
    doc["forbidden_pairs"].append(dict(doc["forbidden_pairs"][0]))
    with pytest.raises(ValidationFailed, match="appear twice"):
        json_import(data=doc, owner=stranger)


def test_ranges_beyond_the_planned_rounds_are_cut_so_the_file_reads_back_the_same(with_pairs, organiser):
    people = {p.pairing_number: p for p in with_pairs.participants.all()}
    low, high = sorted((people[7], people[9]), key=lambda p: p.pk)
    ForbiddenPair.objects.create(tournament=with_pairs, first=low, second=high, first_round=2, last_round=8)
    ForbiddenPair.objects.create(tournament=with_pairs, first=low, second=high, first_round=7)
    first = trf_export(tournament=with_pairs)
    assert "260   2   5    7    9" in _lines(first, "260") and len(_lines(first, "260")) == 4
    assert trf_export(tournament=trf_import(text=first, owner=organiser).tournament) == first


def test_a_260_record_after_the_last_round_is_left_out(db, organiser):
    t = trf_import(text=SMALL + "\n260   7 999    1    2", owner=organiser).tournament
    assert not ForbiddenPair.objects.filter(tournament=t).exists()
