"""A JSON backup is checked against the shapes and the coherence the app relies on before anything
is written: a round's explanation and violations as the pairing service stores them, round numbers
within the rounds planned (at most 99, as the API allows), "finished" only with every result in.
A refused backup writes nothing."""

from __future__ import annotations

import copy

import pytest

from tests.tournaments.api.conftest import token_client
from tests.tournaments.exchange.builders import build_full_tournament
from tournaments.exchange.json_backup import json_export
from tournaments.models import AuditLog, Board, Participant, Round, Tournament


def _counts() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Tournament, Participant, Round, Board, AuditLog))


def _with_explanation(backup, value):
    backup["rounds"][0]["explanation"] = value


def _round_beyond_plan(backup):
    extra = copy.deepcopy(backup["rounds"][-1])
    extra["number"] = 6  # five rounds planned
    backup["rounds"].append(extra)


def _finished_with_a_result_missing(backup):
    backup["rounds"][0]["boards"][0]["result"] = ""


def _tournament_finished_early(backup):
    backup["tournament"]["status"] = "finished"
    backup["rounds"][-1]["status"] = "published"


def _gap_in_rounds(backup):
    backup["rounds"][1]["number"] = 5  # rounds 1, 5, 3, 4
    backup["byes"] = [b for b in backup["byes"] if b["round_number"] not in (2, 5)]


BAD = {
    "explanation is a list": lambda b: _with_explanation(b, [1, 2]),
    "explanation is a string": lambda b: _with_explanation(b, "paired by hand"),
    "scoregroups of the wrong shape": lambda b: _with_explanation(b, {"scoregroups": [[2, "1,2"]]}),
    "floats without fields": lambda b: _with_explanation(b, {"floats": [{"participant": 1}]}),
    "violations not a list": lambda b: b["rounds"][0].__setitem__("violations", {"rule": "x"}),
    "round above the rounds planned": _round_beyond_plan,
    "rounds_planned above 99": lambda b: b["tournament"].__setitem__("rounds_planned", 32767),
    "finished round with a result missing": _finished_with_a_result_missing,
    "finished tournament with a round published": _tournament_finished_early,
    "a gap between rounds": _gap_in_rounds,
    "a bye after the last round planned": lambda b: b["byes"][-1].__setitem__("round_number", 9),
}


@pytest.mark.parametrize("spoil", BAD.values(), ids=BAD.keys())
@pytest.mark.django_db
def test_an_incoherent_backup_is_refused_and_writes_nothing(spoil, organiser):
    backup = json_export(tournament=build_full_tournament(owner=organiser))
    api = token_client(organiser)
    assert api.post("/api/tournaments/import/json/", {"backup": backup}, format="json").status_code == 201
    spoil(backup)
    before = _counts()
    response = api.post("/api/tournaments/import/json/", {"backup": backup}, format="json")
    assert response.status_code == 400, response.content[:300]
    assert response.json()["detail"].startswith("The backup cannot be restored")
    assert _counts() == before


@pytest.mark.django_db
def test_a_round_with_the_engines_explanation_is_restored_and_its_page_works(organiser, client):
    backup = json_export(tournament=build_full_tournament(owner=organiser))
    backup["rounds"][0]["explanation"] = {
        "scoregroups": [[0, [1, 2, 3]]],
        "floats": [{"participant": 3, "direction": "down", "from_score": 0, "to_score": 0, "reason": "bye"}],
        "boards": [{"board": 1, "colour_rule": "initial-colour", "message": "White as drawn."}],
        "notes": ["Nothing unusual."],
        "names": {"1": "P1"},
    }
    response = token_client(organiser).post(
        "/api/tournaments/import/json/", {"backup": backup}, format="json"
    )
    assert response.status_code == 201, response.content[:300]
    client.force_login(organiser)
    assert client.get(f"/t/{response.json()['id']}/rounds/1/").status_code == 200


@pytest.mark.django_db
def test_a_round_paired_by_the_engine_restores(organiser):
    """The shapes checked are the ones the pairing service writes (Baku included)."""
    from pairing.services.execute import round_pair_execute
    from pairing.services.swiss import round_pair
    from tournaments.services.tournaments import tournament_create

    t = tournament_create(
        user=organiser, name="Engine open", rounds_planned=5, acceleration="baku", lots_seed=3
    )
    for i in range(1, 12):
        Participant.objects.create(tournament=t, name=f"Player {i}", rating=2200 - 10 * i)
    rnd = round_pair(tournament=t, user=organiser)
    round_pair_execute(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.DRAFT and rnd.explanation["scoregroups"]
    backup = json_export(tournament=t)
    response = token_client(organiser).post(
        "/api/tournaments/import/json/", {"backup": backup}, format="json"
    )
    assert response.status_code == 201, response.content[:500]


@pytest.mark.django_db
def test_a_round_edited_by_hand_restores(organiser):
    """A hand edit keeps the engine's pairing and what the edit gave up in the explanation."""
    from pairing.services.drafts import board_swap_colours
    from pairing.services.execute import round_pair_execute
    from pairing.services.swiss import round_pair
    from tournaments.services.tournaments import tournament_create

    t = tournament_create(user=organiser, name="Edited open", rounds_planned=5, lots_seed=3)
    for i in range(1, 9):
        Participant.objects.create(tournament=t, name=f"Player {i}", rating=2200 - 10 * i)
    rnd = round_pair(tournament=t, user=organiser)
    round_pair_execute(round_id=rnd.pk)
    board_swap_colours(board=Board.objects.filter(round=rnd).first(), user=organiser)
    rnd.refresh_from_db()
    assert rnd.explanation["hand_edited"] and rnd.explanation["engine_boards"]
    response = token_client(organiser).post(
        "/api/tournaments/import/json/", {"backup": json_export(tournament=t)}, format="json"
    )
    assert response.status_code == 201, response.content[:500]
