"""Issue 22 (archive): every write endpoint of the matrix, called by an organiser on an archived
tournament, is refused without a server error and changes nothing; only archiving (restoring),
deleting and creating or importing a new tournament still write."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tests.security import world as w
from tests.security.test_authorization_matrix import MATRIX, _path_for, _request
from tournaments.models import Tournament

STILL_ALLOWED = {
    "tournaments:archive",
    "tournaments:tournament_delete",
    "tournaments:tournament_new",
    "api:tournaments",
}
"""Restore (the archive endpoint) and delete act on the archived tournament by design; the rest of
these make a new tournament and do not touch the archived one."""
MESSAGE = "This tournament is archived; restore it to change it."


TEAM_COMPETITIONS = ("api:team-",)
"""A team competition belongs to the event, not to the archived section (nothing archives it)."""


@pytest.mark.parametrize(
    ("name", "method"),
    sorted(
        key
        for key in MATRIX
        if key[0] not in STILL_ALLOWED and "import" not in key[0] and not key[0].startswith(TEAM_COMPETITIONS)
    ),
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_an_archived_tournament_refuses_every_write(name, method, tournament, organiser):
    spec = MATRIX[(name, method)]
    world = w.build(tournament, spec.state)
    data = spec.data(world)  # some build what they send (a report, a link): before archiving
    Tournament.objects.filter(pk=tournament.pk).update(archived_at=timezone.now())
    client = Client(raise_request_exception=False)
    extra: dict[str, str] = {}
    if name.startswith("api:"):
        extra["HTTP_AUTHORIZATION"] = f"Token {Token.objects.get_or_create(user=organiser)[0].key}"
    else:
        client.force_login(organiser)
    before = w.fingerprint()
    response = _request(client, method, _path_for(name, world), data, **extra)
    assert response.status_code < 500, response.content[:500]
    assert w.fingerprint() == before, "a write to an archived tournament changed data"
    if name.startswith("api:"):
        assert response.status_code == 409, (response.status_code, response.content[:300])
        assert response.json()["detail"] == MESSAGE
