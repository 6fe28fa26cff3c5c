"""Malformed and random input to every importer and every form that writes: never a server error,
never a partial write. A rejected input leaves every row count (and the audit log) as it was; an
accepted import writes the whole file.

Through the HTTP layer (``raise_request_exception=False``, so a crash is a 500 rather than a test
exception) for the web forms and the API, and straight at the services for the CSV import, where
"all rows or none" is checked row by row.
"""

from __future__ import annotations

import json
import string

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token

from clubs.models import Club
from core.errors import ServiceError
from tests.security import world as w
from tests.security.test_authorization_matrix import TOURNAMENT_FORM
from tournaments.exchange.json_backup import json_export
from tournaments.exchange.trf_export import trf_export
from tournaments.models import AuditLog, Board, Participant, Round, RoundBye, Tournament, TournamentRole
from tournaments.services.participants.csv_import import participants_import_csv


def fuzz(examples: int):
    """Hypothesis settings sized so that the whole file runs in about a minute."""
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
        ],
    )


MODELS = (Tournament, Participant, Round, Board, RoundBye, AuditLog, Club, TournamentRole)

TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=200
)  # any Unicode, NULs and line breaks included
CSV_ISH = st.lists(
    st.lists(
        st.one_of(
            st.text(alphabet=string.ascii_letters + " -'.", max_size=30),
            st.integers(-100000, 100000).map(str),
            st.sampled_from(["GM", "IM", "XX", "ENG", "2400", "", '"', '""', "\x00", "é", "1e9", "NaN"]),
            TEXT,
        ),
        max_size=8,
    ).map(lambda cells: ",".join(cells)),
    max_size=12,
).map("\n".join)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=20,
)


def counts() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in MODELS)


@pytest.fixture
def staff(tournament, arbiter):
    web = Client(raise_request_exception=False)
    web.force_login(arbiter)
    api = Client(
        raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=arbiter).key}"
    )
    return web, api


def api_post(api: Client, path: str, payload, method: str = "post"):
    body = payload if isinstance(payload, str | bytes) else json.dumps(payload)
    return getattr(api, method)(path, body, content_type="application/json")


# --- CSV import -------------------------------------------------------------------------------


@fuzz(400)
@given(text=st.one_of(CSV_ISH, TEXT))
def test_csv_import_saves_every_row_or_none(text, tournament, arbiter):
    before = Participant.objects.filter(tournament=tournament).count()
    audit = AuditLog.objects.count()
    try:
        preview = participants_import_csv(tournament=tournament, user=arbiter, text=text, commit=True)
    except ServiceError:
        saved = False
    else:
        saved = preview.saved
    after = Participant.objects.filter(tournament=tournament).count()
    if saved:
        assert after == before + len(preview.rows) and AuditLog.objects.count() == audit + 1
    else:
        assert after == before and AuditLog.objects.count() == audit


@fuzz(150)
@given(text=st.one_of(CSV_ISH, TEXT), commit=st.booleans(), upload=st.booleans())
def test_csv_import_page_never_fails(text, commit, upload, tournament, staff):
    from django.core.files.uploadedfile import SimpleUploadedFile

    web, _ = staff
    before = counts()
    data: dict[str, object] = {"commit": "1"} if commit else {}
    if upload:
        data["file"] = SimpleUploadedFile("players.csv", text.encode("utf-8", "surrogatepass"))
    else:
        data["text"] = text
    response = web.post(f"/t/{tournament.pk}/participants/import/", data)
    assert response.status_code < 500
    if response.status_code != 302:  # anything but "imported": nothing written
        assert counts() == before


# --- TRF and JSON imports ------------------------------------------------------------------------


@pytest.fixture
def backups(tournament):
    world = w.build(tournament, w.FINISHED)
    return trf_export(tournament=world.tournament), json_export(tournament=world.tournament)


@st.composite
def mutated_lines(draw, text: str) -> str:
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, max(len(lines) - 1, 0)))
        op = draw(st.sampled_from(["delete", "duplicate", "splice", "truncate", "swap"]))
        if not lines:
            break
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "splice":
            line = lines[i]
            a = draw(st.integers(0, len(line)))
            b = draw(st.integers(a, min(len(line), a + 12)))
            lines[i] = line[:a] + draw(st.text(alphabet="0123456789 wb+-=HFUZ./\t", max_size=12)) + line[b:]
        elif op == "truncate":
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        else:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


@fuzz(250)
@given(data=st.data())
def test_trf_import_never_fails_and_writes_all_or_nothing(data, backups, staff):
    trf, _ = backups
    _, api = staff
    text = data.draw(st.one_of(mutated_lines(trf), TEXT, st.just(trf)), label="trf")
    upload = data.draw(st.sampled_from(["json", "utf-8", "latin-1", "bytes"]), label="sent as")
    before = counts()
    if upload == "json":
        response = api_post(api, "/api/tournaments/import/trf/", {"trf": text})
    else:
        from django.core.files.uploadedfile import SimpleUploadedFile

        raw = (
            data.draw(st.binary(max_size=400), label="bytes")
            if upload == "bytes"
            else text.encode(upload, "replace")
        )
        response = api.post("/api/tournaments/import/trf/", {"file": SimpleUploadedFile("event.trf", raw)})
    assert response.status_code < 500, response.content[:500]
    if response.status_code == 201:
        created = Tournament.objects.get(pk=response.json()["id"])
        assert created.participants.count() == response.json()["participants"]
    else:
        assert response.status_code == 400
        assert counts() == before


def _paths(node, path=()) -> list[list]:
    """Every key path into a JSON document, the root first."""
    found = [list(path)]
    if isinstance(node, dict):
        for k, v in node.items():
            found += _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found += _paths(v, (*path, i))
    return found


@st.composite
def mutated_json(draw, document):
    doc = json.loads(json.dumps(document))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths[1:] or [[]]))
        if not path:
            return draw(JSON)
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(JSON)
    return doc


@fuzz(250)
@given(data=st.data())
def test_json_restore_never_fails_and_writes_all_or_nothing(data, backups, staff):
    _, backup = backups
    _, api = staff
    payload = data.draw(
        st.one_of(
            mutated_json(backup).map(lambda b: {"backup": b}),
            JSON.map(lambda b: {"backup": b}),
            JSON,
            TEXT,
        ),
        label="payload",
    )
    before = counts()
    response = api_post(api, "/api/tournaments/import/json/", payload)
    assert response.status_code < 500, response.content[:500]
    if response.status_code == 201:
        created = Tournament.objects.get(pk=response.json()["id"])
        assert created.participants.count() == response.json()["participants"]
        assert created.rounds.count() == response.json()["rounds"]
    else:
        assert response.status_code == 400
        assert counts() == before


# --- result entry ----------------------------------------------------------------------------------

ANY_VALUE = st.one_of(
    st.sampled_from(["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-", "0-0", "", "½-½", "1:0", "draw"]),
    st.integers(-(2**64), 2**64),
    TEXT,
    st.none(),
    st.lists(st.integers(), max_size=2),
)


@fuzz(200)
@given(result=ANY_VALUE, version=ANY_VALUE, htmx=st.booleans(), board=st.integers(-5, 10**12))
def test_result_entry_never_fails_and_a_rejected_entry_changes_nothing(
    result, version, htmx, board, tournament, staff
):
    world = _world(tournament, w.PUBLISHED)
    web, api = staff
    target = world.boards[0]
    before = counts(), list(Board.objects.values_list("pk", "result", "version"))
    form = {k: v for k, v in (("result", result), ("version", version)) if v is not None}
    form = {k: v if isinstance(v, str | int) else json.dumps(v) for k, v in form.items()}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    board_id = target.pk if board % 3 else board
    page = web.post(f"/t/{tournament.pk}/boards/{board_id}/result/", form, **headers)
    assert page.status_code < 500
    accepted = page.status_code == 200 and page.get("X-Result-Status") == "200"
    accepted |= page.status_code == 302 and _last_message_ok(page)
    if not accepted:
        assert (counts(), list(Board.objects.values_list("pk", "result", "version"))) == before
    before = counts(), list(Board.objects.values_list("pk", "result", "version"))
    number = 1 if board % 3 else board
    response = api_post(
        api,
        f"/api/tournaments/{tournament.pk}/rounds/1/boards/{number}/",
        {"result": result, "version": version},
        "put",
    )
    assert response.status_code < 500, response.content[:500]
    if response.status_code != 200:
        assert (counts(), list(Board.objects.values_list("pk", "result", "version"))) == before


def _world(tournament, state):
    """One world per test function (hypothesis reruns the body; the fixture runs once)."""
    cache = tournament.__dict__.setdefault("_fuzz_worlds", {})
    if state not in cache:
        cache[state] = w.build(tournament, state)
    return cache[state]


def _last_message_ok(response) -> bool:
    from django.contrib.messages import get_messages

    return all(m.level_tag == "success" for m in get_messages(response.wsgi_request))


# --- participants ---------------------------------------------------------------------------------

FIELD_VALUE = st.one_of(
    TEXT, st.integers(-(2**40), 2**40), st.sampled_from(["GM", "ENG", "", " ", "x" * 200])
)
PARTICIPANT = st.dictionaries(
    st.sampled_from(
        ["name", "rating", "title", "federation", "fide_id", "club_name", "email", "joined_round", "bogus"]
    ),
    FIELD_VALUE,
    max_size=8,
)


@fuzz(120)
@given(fields=PARTICIPANT)
def test_participant_forms_never_fail_and_a_rejected_one_changes_nothing(fields, tournament, staff):
    """Round 1 is published, so each registration is a late entry: the path with most rules."""
    _world(tournament, w.PUBLISHED)
    web, api = staff
    for send in (
        lambda: web.post(f"/t/{tournament.pk}/participants/add/", {k: str(v) for k, v in fields.items()}),
        lambda: api_post(api, f"/api/tournaments/{tournament.pk}/participants/", fields),
        lambda: api_post(api, f"/api/tournaments/{tournament.pk}/late-entries/", fields),
    ):
        before = counts()
        response = send()
        assert response.status_code < 500, response.content[:500]
        if response.status_code not in (201, 302):
            assert counts() == before


# --- hostile text, creations and deep JSON (issue 20) ---------------------------------------------

HOSTILE = st.lists(
    st.sampled_from(
        [*"Anna Müller-Łukasz ,.'", "\r", "\n", "\t", "\x00", "\x07", "\u202e", "\u2066", "\u2069", "\u200b"]
        + ["\u0308", "\u3164", "\u00ad", "\ufeff", "001", "   "]
    ),
    max_size=20,
).map("".join)
"""Names and places as a hostile user would type them: line breaks before a forged ``001``,
direction overrides, invisible characters, combining marks."""


def _clean_stored_text() -> bool:
    """Every stored name, place and club passes the one text check unchanged."""
    from tournaments.text import TextProblem, clean_line

    values = list(Tournament.objects.values_list("name", "place")) + list(
        Participant.objects.values_list("name", "club_name")
    )
    for pair in values:
        for value in pair:
            try:
                if clean_line(value, label="x") != value:
                    return False
            except TextProblem:
                return False
    return True


@fuzz(25)
@given(
    name=HOSTILE, place=HOSTILE, rounds=st.one_of(st.integers(-5, 200), TEXT, st.none()), key=st.booleans()
)
def test_tournament_creation_never_fails_and_stores_only_clean_text(name, place, rounds, key, staff):
    web, api = staff
    before = w.fingerprint()
    form = {
        **TOURNAMENT_FORM,
        "name": name,
        "place": place,
        "rounds_planned": "" if rounds is None else str(rounds),
        "expected_players": str(rounds),
        "submission_key": "fuzz-key-" + "x" * key,
    }
    page = web.post("/t/new/", form)
    assert page.status_code in (200, 302)
    if page.status_code == 200:
        assert w.fingerprint() == before
    before = w.fingerprint()
    headers = {"HTTP_IDEMPOTENCY_KEY": "fuzz-api-key"} if key else {}
    response = api.post(
        "/api/tournaments/",
        json.dumps({"name": name, "place": place, "rounds_planned": rounds}),
        content_type="application/json",
        **headers,
    )
    assert response.status_code in (201, 400), response.content[:300]
    if response.status_code == 400:
        assert w.fingerprint() == before
    assert _clean_stored_text()


@fuzz(40)
@given(names=st.lists(HOSTILE, min_size=1, max_size=6))
def test_csv_import_of_hostile_names_stores_only_clean_distinct_names(names, tournament, arbiter):
    from tournaments.text import same_name_key

    text = "\n".join(f'"{n.replace(chr(34), "")}",1500' for n in names)
    before = w.fingerprint()
    preview = participants_import_csv(tournament=tournament, user=arbiter, text=text, commit=True)
    if not preview.saved:
        assert w.fingerprint() == before
    stored = list(Participant.objects.filter(tournament=tournament).values_list("name", flat=True))
    assert len({same_name_key(n) for n in stored}) == len(stored)
    assert _clean_stored_text()


@fuzz(25)
@given(
    depth=st.integers(30, 1200),
    path=st.sampled_from(["/api/auth/token/", "/api/tournaments/", "/api/tournaments/import/json/"]),
)
def test_deeply_nested_json_is_never_a_server_error(depth, path, staff):
    _, api = staff
    before = w.fingerprint()
    body = '{"name": ' + "[" * depth + "]" * depth + "}"
    response = api.post(path, body, content_type="application/json")
    assert response.status_code == 400, (depth, response.status_code)
    assert w.fingerprint() == before


@fuzz(40)
@given(data=st.data())
def test_json_restore_with_hostile_rounds_writes_all_or_nothing(data, backups, staff):
    """Mutations aimed at what the schema checks: explanations, violations, statuses, numbers."""
    _, backup = backups
    _, api = staff
    doc = json.loads(json.dumps(backup))
    target = data.draw(st.integers(0, len(doc["rounds"]) - 1))
    field = data.draw(
        st.sampled_from(["explanation", "violations", "status", "number", "rounds_planned", "name"])
    )
    value = data.draw(st.one_of(JSON, HOSTILE, st.integers(-(2**40), 2**40)))
    if field == "rounds_planned":
        doc["tournament"]["rounds_planned"] = value
    elif field == "name":
        doc["participants"][0]["name"] = value
    else:
        doc["rounds"][target][field] = value
    before = w.fingerprint()
    response = api_post(api, "/api/tournaments/import/json/", {"backup": doc})
    assert response.status_code in (201, 400), response.content[:500]
    if response.status_code == 400:
        assert w.fingerprint() == before
    else:
        created = Tournament.objects.get(pk=response.json()["id"])
        web, _ = staff  # the same arbiter, organiser of what they restored
        for rnd in created.rounds.all():
            assert web.get(f"/t/{created.pk}/rounds/{rnd.number}/").status_code == 200
    assert _clean_stored_text()
