"""The OpenAPI schema, the documentation page, and a bounded schemathesis run that asserts the
API never answers 500 to anything its own schema lets a client send."""

from __future__ import annotations

import os
import re
import types

import hypothesis_jsonschema._from_schema as jsonschema_strategies
import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from hypothesis.internal.conjecture import utils as conjecture_utils
from rest_framework.authtoken.models import Token

from config.wsgi import application
from tests.security.world import fingerprint


def test_the_schema_is_openapi_3_and_lists_every_endpoint(client):
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    paths = set(schema["paths"])
    for path in (
        "/api/auth/token/",
        "/api/tournaments/",
        "/api/tournaments/{tournament_id}/rounds/pair/",
        "/api/tournaments/{tournament_id}/rounds/{number}/boards/{board}/",
        "/api/tournaments/{tournament_id}/standings/",
        "/api/tournaments/{tournament_id}/export/trf/",
        "/api/tournaments/import/trf/",
        "/api/public/{token}/standings/",
    ):
        assert path in paths
    result = schema["paths"]["/api/tournaments/{tournament_id}/rounds/{number}/boards/{board}/"]["put"]
    assert {"200", "400", "403", "404", "409"} <= set(result["responses"])
    assert "tokenAuth" in schema["components"]["securitySchemes"]


def test_the_docs_page_loads_only_same_origin_scripts(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    scripts = re.findall(r"<script([^>]*)>", html)
    assert scripts and all("src=" in attributes for attributes in scripts)
    sources = re.findall(r'<script src="([^"]+)"', html)
    assert all(src.startswith("/") for src in sources), sources
    assert any("drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in src for src in sources)
    assert "<style" not in html and "style=" not in html  # nothing the CSP (style-src 'self') would refuse
    assert "script-src 'self'" in response["Content-Security-Policy"]
    init = client.get(sources[-1].replace("&amp;", "&"))
    assert init.status_code == 200
    assert "/api/schema/" in init.content.decode()


@pytest.fixture
def wsgi_in_test_transaction():
    """Call the WSGI app inside the test's transaction, as Django's test client does: the
    request signals would otherwise close the connection that holds the test data."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield application
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


_DONE = object()


class _LegacyMany:
    """hypothesis-jsonschema 0.23.1 (the latest) drives Hypothesis' internal ``many`` with
    ``more()``; the installed Hypothesis only offers ``with many(...) as e: for _ in e:``. This
    adapts the second to the first so schemathesis can generate objects again. Test-only."""

    def __init__(self, data, **kwargs) -> None:
        self._many = conjecture_utils.many(data, **kwargs)
        self._many.__enter__()
        self._steps = iter(self._many)

    def more(self) -> bool:
        if next(self._steps, _DONE) is _DONE:
            self._many.__exit__(None, None, None)
            return False
        return True

    def reject(self, why: str | None = None) -> None:
        self._many.reject(why)


@pytest.fixture
def generate_objects(monkeypatch):
    if not hasattr(conjecture_utils.many, "more"):
        monkeypatch.setattr(jsonschema_strategies, "cu", types.SimpleNamespace(many=_LegacyMany))


EXAMPLES = int(os.environ.get("API_FUZZ_EXAMPLES", "8"))
"""Examples per operation and pass; about 30 operations x 2 passes keeps the run well under a minute.
Set ``API_FUZZ_EXAMPLES=200`` for a longer hunt."""


def test_the_api_never_answers_500_and_a_refusal_changes_nothing(
    event, organiser, wsgi_in_test_transaction, generate_objects
):
    schema = schemathesis.from_wsgi(
        "/api/schema/?format=json",
        wsgi_in_test_transaction,
        data_generation_methods=schemathesis.DataGenerationMethod.all(),
    )
    token = Token.objects.get_or_create(user=organiser)[0].key
    headers = {"Authorization": f"Token {token}"}
    real = {
        "tournament_id": event.pk,
        "number": 1,
        "board": 1,
        "participant_id": event.participants.get(pairing_number=1).pk,
        "bye_id": event.byes.get(round_number=5).pk,
        "token": event.public_token,
    }
    failures: list[str] = []

    def run(operation, use_real_ids: bool) -> None:
        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def check(case):
            if use_real_ids and case.path_parameters:
                case.path_parameters = {k: real.get(k, v) for k, v in case.path_parameters.items()}
            before = fingerprint()
            response = case.call_wsgi(headers=headers)
            if response.status_code >= 500:
                failures.append(
                    f"{case.method} {case.formatted_path} {case.body!r} -> {response.status_code}"
                )
            elif response.status_code >= 400 and fingerprint() != before:
                failures.append(
                    f"{case.method} {case.formatted_path} {case.body!r} -> {response.status_code} "
                    "but the database changed"
                )

        check()

    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 30
    for operation in operations:
        run(operation, use_real_ids=False)
        run(operation, use_real_ids=True)
    assert failures == []
