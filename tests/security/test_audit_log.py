"""The audit log records every change to pairings, results, byes and participants (who, what,
before and after), and nothing in the app can change or delete a row of it: not the back office,
not any URL."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from pairing.services import drafts, execute, swiss
from tests.security import world as w
from tests.security.test_authorization_matrix import MATRIX, _path_for, _request
from tournaments.models import AuditLog, Board, Round
from tournaments.services import results
from tournaments.services.participants import byes, registration, withdrawals
from tournaments.services.participants import csv_import as participants_csv

Change = Callable[[w.World, Any], None]


def _result(world, user):
    results.result_record(board=world.boards[0], user=user, result="1/2-1/2", expected_version=0)


def _correction(world, user):
    board = world.boards[0]
    swiss.round_pair(tournament=world.tournament, user=user)  # round 2 now rests on this result
    results.result_record(board=board, user=user, result="0-1", expected_version=board.version)


def _pair(world, user):
    rnd = swiss.round_pair(tournament=world.tournament, user=user)
    execute.round_pair_execute(round_id=rnd.pk)  # the task body (on_commit never fires in a test)


CASES: dict[str, tuple[str, Change, str, set[str], set[str]]] = {
    # name: (world state, change, action, keys in `before`, keys in `after`)
    "pair (claim)": (
        w.FINISHED,
        lambda wd, u: swiss.round_pair(tournament=wd.tournament, user=u),
        "round_pair",
        set(),
        {"number"},
    ),
    "pair (engine)": (w.FINISHED, _pair, "round_paired", set(), {"boards", "bye"}),
    "publish": (
        w.DRAFT,
        lambda wd, u: swiss.round_publish(round=wd.round, user=u),
        "round_publish",
        set(),
        {"number"},
    ),
    "delete draft": (
        w.DRAFT,
        lambda wd, u: swiss.round_delete(round=wd.round, user=u),
        "round_delete",
        {"number", "boards"},
        set(),
    ),
    "re-pair draft": (
        w.DRAFT,
        lambda wd, u: swiss.round_repair(round=wd.round, user=u),
        "round_repair",
        set(),
        {"number"},
    ),
    "swap colours": (
        w.DRAFT,
        lambda wd, u: drafts.board_swap_colours(board=wd.boards[0], user=u),
        "board_swap_colours",
        set(),
        {"board"},
    ),
    "exchange opponents": (
        w.DRAFT,
        lambda wd, u: drafts.boards_exchange_opponents(board_a=wd.boards[0], board_b=wd.boards[1], user=u),
        "boards_exchange_opponents",
        set(),
        {"boards"},
    ),
    "result": (w.PUBLISHED, _result, "result_record", {"result", "version"}, {"result", "version", "board"}),
    "result correction": (
        w.FINISHED,
        _correction,
        "result_correct",
        {"result", "version"},
        {"result", "corrected_after_pairing"},
    ),
    "bye request": (
        w.PUBLISHED,
        lambda wd, u: byes.bye_request(participant=wd.people[0], round_number=2, kind="half", user=u),
        "bye_request",
        set(),
        {"participant", "round", "kind", "points"},
    ),
    "absence": (
        w.PUBLISHED,
        lambda wd, u: byes.absence_mark(participant=wd.people[0], round_number=2, user=u),
        "absence_mark",
        set(),
        {"participant", "round", "kind"},
    ),
    "bye cancel": (
        w.PUBLISHED,
        lambda wd, u: byes.bye_cancel(bye=wd.bye, user=u),
        "bye_cancel",
        {"participant", "round", "kind"},
        set(),
    ),
    "register": (
        w.REGISTRATION,
        lambda wd, u: registration.participant_register(
            tournament=wd.tournament, user=u, name="Nina New", rating=1500
        ),
        "participant_register",
        set(),
        {"name", "rating", "pairing_number"},
    ),
    "late entry": (
        w.PUBLISHED,
        lambda wd, u: registration.late_entry(
            tournament=wd.tournament, user=u, name="Lars Late", rating=1500
        ),
        "participant_late_entry",
        set(),
        {"name", "joined_round"},
    ),
    "import": (
        w.REGISTRATION,
        lambda wd, u: participants_csv.participants_import_csv(
            tournament=wd.tournament, user=u, text="Ann Apple,1500", commit=True
        ),
        "participants_import",
        set(),
        {"count", "names"},
    ),
    "withdraw": (
        w.PUBLISHED,
        lambda wd, u: withdrawals.participant_withdraw(participant=wd.people[0], user=u, from_round=2),
        "participant_withdraw",
        {"status", "withdrawn_from_round"},
        {"status", "withdrawn_from_round"},
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_change_writes_an_audit_row_with_who_and_before_and_after(case, tournament, arbiter):
    state, change, action, before_keys, after_keys = CASES[case]
    world = w.build(tournament, state)
    existing = set(AuditLog.objects.values_list("pk", flat=True))
    change(world, arbiter)
    rows = AuditLog.objects.exclude(pk__in=existing).filter(action=action)
    assert rows.count() == 1, list(AuditLog.objects.exclude(pk__in=existing).values_list("action", flat=True))
    row = rows.get()
    assert row.tournament_id == tournament.pk
    # The engine's pairing runs in the worker, on nobody's behalf; everything else names the arbiter.
    assert row.user == (None if action == "round_paired" else arbiter)
    if action != "round_delete":  # the round is gone; the row's `before` holds its number and boards
        assert row.object_type and row.object_id
    assert before_keys <= set(row.before or {}), row.before
    assert after_keys <= set(row.after or {}), row.after


def test_a_result_row_says_what_the_board_showed_before_and_after(tournament, arbiter):
    world = w.build(tournament, w.PUBLISHED)
    _result(world, arbiter)
    row = AuditLog.objects.get(action="result_record")
    assert (row.before, row.object_id) == ({"result": "", "version": 0}, str(world.boards[0].pk))
    assert row.after["result"] == "1/2-1/2" and row.after["version"] == 1


@pytest.fixture
def admin_client(django_user_model):
    client = Client()
    client.force_login(django_user_model.objects.create_superuser("root", password="root-pass-1"))
    return client


@pytest.fixture
def audit_row(tournament, arbiter):
    _result(w.build(tournament, w.PUBLISHED), arbiter)
    return AuditLog.objects.get(action="result_record")


def test_the_back_office_shows_audit_rows_read_only(admin_client, audit_row):
    page = admin_client.get(f"/admin/tournaments/auditlog/{audit_row.pk}/change/")
    assert page.status_code == 200
    assert b'name="_save"' not in page.content
    assert b"/delete/" not in page.content


def test_the_back_office_refuses_to_add_change_or_delete_audit_rows(admin_client, audit_row):
    snapshot = list(AuditLog.objects.values_list())
    base = "/admin/tournaments/auditlog/"
    assert admin_client.post(f"{base}add/", {"action": "forged", "object_type": "board"}).status_code == 403
    assert admin_client.post(f"{base}{audit_row.pk}/change/", {"action": "forged"}).status_code == 403
    assert admin_client.post(f"{base}{audit_row.pk}/delete/", {"post": "yes"}).status_code == 403
    bulk = admin_client.post(
        base, {"action": "delete_selected", "_selected_action": [audit_row.pk], "post": "yes"}
    )
    assert bulk.status_code in (200, 302)
    assert list(AuditLog.objects.values_list()) == snapshot


@pytest.mark.parametrize("model", ["round", "board", "roundbye"])
def test_pairings_results_and_byes_cannot_be_edited_in_the_back_office_either(
    admin_client, tournament, model
):
    """They change only through services, which write the audit log."""
    world = w.build(tournament, w.PUBLISHED)
    obj = {"round": world.round, "board": world.boards[0], "roundbye": world.bye}[model]
    response = admin_client.post(
        f"/admin/tournaments/{model}/{obj.pk}/change/", {"result": "1-0", "status": "finished"}
    )
    assert response.status_code == 403
    assert (
        admin_client.post(f"/admin/tournaments/{model}/{obj.pk}/delete/", {"post": "yes"}).status_code == 403
    )
    assert Round.objects.filter(pk=world.round.pk, status=Round.Status.PUBLISHED).exists()
    assert Board.objects.get(pk=world.boards[0].pk).result == ""


@pytest.mark.parametrize(("name", "method"), sorted(MATRIX), ids=[f"{n}-{m}" for n, m in sorted(MATRIX)])
def test_no_url_changes_or_deletes_an_existing_audit_row(name, method, tournament, organiser, arbiter):
    """Every write endpoint, used successfully by an organiser, only ever appends to the log."""
    spec = MATRIX[(name, method)]
    world = w.build(tournament, spec.state)
    _seed_rows(world, arbiter)
    existing = list(AuditLog.objects.order_by("pk").values_list())
    client = Client(raise_request_exception=False)
    client.force_login(organiser)
    response = _request(client, method, _path_for(name, world), spec.data(world))
    assert response.status_code < 400
    ids = [row[0] for row in existing]
    after = list(AuditLog.objects.filter(pk__in=ids).order_by("pk").values_list())
    if name == "tournaments:tournament_delete":
        # The tournament is gone: its rows stay, word for word, only no longer pointing at it.
        assert [row[1] for row in after] == [None] * len(existing)
        after = [row[:1] + row[2:] for row in after]
        existing = [row[:1] + row[2:] for row in existing]
    assert after == existing
    assert AuditLog.objects.count() > len(ids)


def _seed_rows(world: w.World, user) -> None:
    """A few rows about this tournament's own objects, for a buggy endpoint to trample on."""
    from tournaments.services.audit import audit_record

    for obj in [world.tournament, *world.people[:2], *world.boards[:2]]:
        audit_record(
            tournament=world.tournament, user=user, action="seed", obj=obj, before={"x": 1}, after={"x": 2}
        )
