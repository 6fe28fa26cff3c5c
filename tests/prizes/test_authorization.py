"""Who may use the prize pages: the section's organisers change the list; its arbiters read the
staff pages; strangers get 404, anonymous users the login page, arbiters 403 on a change. A refused
request changes nothing. The players' page shows a public list only. (The site-wide matrix lists
these endpoints in NOT_IN_MATRIX with a pointer here.)"""

from __future__ import annotations

import pytest
from django.test import Client

from prizes.models import Prize, PrizeEligibility, PrizeGroup, PrizeList
from prizes.services.lists import PrizeRow, prize_group_save, prize_list_update
from tournaments.models import AuditLog

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(field, organiser):
    prize_list_update(
        tournament=field,
        user=organiser,
        sharing="hort",
        precedence="value",
        one_prize_per_player=True,
        unit_cents=100,
    )
    group = prize_group_save(
        tournament=field, user=organiser, name="Overall", kind="overall", prizes=[PrizeRow(5000)]
    )
    second = prize_group_save(
        tournament=field, user=organiser, name="Women", kind="women", prizes=[PrizeRow(2000)]
    )
    return {"t": field, "group": group, "second": second, "player": field.participants.first()}


def _state():
    return (
        list(
            PrizeList.objects.values_list(
                "sharing", "precedence", "unit_cents", "currency", "public", "version"
            )
        ),
        list(PrizeGroup.objects.values_list("pk", "name", "kind", "order").order_by("pk")),
        list(Prize.objects.values_list("group_id", "place", "cents", "item").order_by("pk")),
        list(PrizeEligibility.objects.values_list("participant_id", "women")),
    )


def _writes(world):
    t, g = world["t"].pk, world["group"].pk
    s = f"/prizes/sections/{t}/"
    group = {
        "g-name": "Changed",
        "g-kind": "overall",
        "g-p-TOTAL_FORMS": "1",
        "g-p-INITIAL_FORMS": "0",
        "g-p-0-amount": "1",
    }
    return [
        (s + "rules/", {"sharing": "equal", "precedence": "priority", "unit": "1", "currency": "USD"}),
        (s + "groups/", {**{k.replace("g-", "new-", 1): v for k, v in group.items()}}),
        (f"{s}groups/{g}/", {k.replace("g-", f"g{g}-", 1): v for k, v in group.items()}),
        (f"{s}groups/{g}/move/", {"up": "0"}),
        (f"{s}groups/{g}/remove/", {}),
        (s + "women/", {"women": [world["player"].pk]}),
    ]


@pytest.mark.parametrize("role", ["anonymous", "stranger", "arbiter"])
def test_refused_writes_change_nothing(world, role, arbiter, stranger):
    client = Client()
    if role != "anonymous":
        client.force_login({"arbiter": arbiter, "stranger": stranger}[role])
    for path, data in _writes(world):
        before = _state()
        response = client.post(path, data)
        assert _state() == before, path
        if role == "anonymous":
            assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
        else:
            assert response.status_code == (404 if role == "stranger" else 403), path


def test_the_organiser_may_make_every_write_and_each_is_audited(world, organiser):
    client = Client()
    client.force_login(organiser)
    for path, data in _writes(world):
        before = _state()
        audited = AuditLog.objects.filter(user=organiser, action__startswith="prizes.").count()
        response = client.post(path, data)
        assert response.status_code == 302, (path, response.content[:300])
        assert _state() != before, path
        assert AuditLog.objects.filter(user=organiser, action__startswith="prizes.").count() > audited, path


@pytest.mark.parametrize("suffix", ["", "winners/", "winners.csv", "winners.pdf"])
def test_staff_pages_read_by_staff_only(world, suffix, arbiter, stranger):
    path = f"/prizes/sections/{world['t'].pk}/{suffix}"
    assert Client().get(path).status_code == 302
    client = Client()
    client.force_login(stranger)
    assert client.get(path).status_code == 404
    client.force_login(arbiter)
    assert client.get(path).status_code == 200


def test_an_archived_tournament_refuses_changes(world, organiser):
    from django.utils import timezone

    t = world["t"]
    t.archived_at = timezone.now()
    t.save(update_fields=["archived_at"])
    client = Client()
    client.force_login(organiser)
    for path, data in _writes(world):
        before = _state()
        client.post(path, data)
        assert _state() == before, path


def test_a_private_list_is_not_on_the_public_pages(world, organiser):
    t = world["t"]
    client = Client()
    assert "Overall" in client.get(f"/p/{t.public_token}/prizes/").content.decode()
    prize_list_update(
        tournament=t,
        user=organiser,
        sharing="hort",
        precedence="value",
        one_prize_per_player=True,
        unit_cents=100,
        public=False,
    )
    page = client.get(f"/p/{t.public_token}/prizes/").content.decode()
    assert "Overall" not in page and "has not published a prize list" in page
    assert client.get(f"/p/{t.public_token}/prizes.pdf").status_code == 404


@pytest.fixture
def event_world(field, organiser, arbiter):
    from tournaments.models import EventRole

    event = field.event
    EventRole.objects.create(event=event, user=organiser, role="organiser")
    prize_list_update(
        event=event,
        user=organiser,
        sharing="equal",
        precedence="value",
        one_prize_per_player=True,
        unit_cents=100,
    )
    group = prize_group_save(
        event=event, user=organiser, name="Best woman", kind="women", prizes=[PrizeRow(5000)]
    )
    return {"event": event, "group": group, "player": field.participants.first(), "deputy": arbiter}


def _event_writes(world):
    e, g = world["event"].pk, world["group"].pk
    s = f"/prizes/events/{e}/"
    group = {
        "name": "Changed",
        "kind": "overall",
        "p-TOTAL_FORMS": "1",
        "p-INITIAL_FORMS": "0",
        "p-0-amount": "1",
    }
    return [
        (s + "rules/", {"sharing": "hort", "precedence": "priority", "unit": "1", "currency": "USD"}),
        (s + "groups/", {f"new-{k}": v for k, v in group.items()}),
        (f"{s}groups/{g}/", {f"g{g}-{k}": v for k, v in group.items()}),
        (f"{s}groups/{g}/move/", {"up": "0"}),
        (f"{s}women/", {"women": [world["player"].pk]}),
        (f"{s}groups/{g}/remove/", {}),
    ]


def test_an_event_list_is_the_event_organisers(event_world, organiser, stranger):
    """The section's arbiter (a deputy: no event role) and strangers change nothing; the event's
    organiser makes every write."""
    for user, status in ((event_world["deputy"], 403), (stranger, 404)):
        client = Client()
        client.force_login(user)
        for path, data in _event_writes(event_world):
            before = _state()
            assert client.post(path, data).status_code == status, path
            assert _state() == before, path
    client = Client()
    client.force_login(organiser)
    for path, data in _event_writes(event_world):
        before = _state()
        assert client.post(path, data).status_code == 302, path
        assert _state() != before, path
