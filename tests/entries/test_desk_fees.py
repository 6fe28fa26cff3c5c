"""Players registered at the desk owe the fee too (issue 37 left them out of the treasurer's list:
only online entries had a fee row)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.errors import NotAllowedError
from entries.models import Entry
from entries.services.entries import entry_accept, entry_submit
from entries.services.fees import desk_players_fees_add, payment_record
from tests.entries.conftest import entry_data
from tournaments.services.events import event_register

pytestmark = pytest.mark.django_db


def test_desk_players_get_their_sections_fee_once(event_world, client):
    org = event_world["organiser"]
    online = entry_submit(**entry_data(event_world["b"], rating=1500)).entry
    entry_accept(entry=online, user=org)
    event_register(
        event=event_world["event"], user=org, section=event_world["a"], name="Desk, Dora", rating=1900
    )
    event_register(
        event=event_world["event"],
        user=org,
        section=event_world["b"],
        name="Young, Yan",
        rating=1200,
        birth_year=2012,
    )
    event_register(
        event=event_world["event"],
        user=org,
        section=event_world["a"],
        name="Master, Ilse",
        rating=2400,
        title="IM",
    )

    client.force_login(org)
    page = client.get(reverse("entries:fees", kwargs={"event_id": event_world["event"].pk})).content.decode()
    assert "3 players registered at the desk have no row here yet" in page
    answer = client.post(
        reverse("entries:fees_desk_players", kwargs={"event_id": event_world["event"].pk}), follow=True
    )
    assert "3 players registered at the desk added to the fee list" in answer.content.decode()

    rows = {
        e.name: (e.section.name, e.fee_cents, e.reduction, e.source)
        for e in Entry.objects.exclude(pk=online.pk)
    }
    assert rows == {
        "Desk, Dora": ("Open A", 3000, "", "desk"),
        "Young, Yan": ("Open B", 1000, "Juniors", "desk"),
        "Master, Ilse": ("Open A", 0, "Titled", "desk"),
    }
    assert desk_players_fees_add(event=event_world["event"], user=org) == []  # again: nothing to add
    dora = Entry.objects.get(name="Desk, Dora")
    payment_record(entry=dora, user=org, amount_cents=3000, method="cash")
    csv = client.get(
        reverse("entries:fees_csv", kwargs={"event_id": event_world["event"].pk})
    ).content.decode()
    assert '"Desk, Dora",Open A,,,30.00,30.00,0.00,Cash' in csv
    assert (
        "no row here yet"
        not in client.get(
            reverse("entries:fees", kwargs={"event_id": event_world["event"].pk})
        ).content.decode()
    )


def test_only_organisers_add_desk_players_and_a_refusal_writes_nothing(event_world, arbiter):
    event_register(
        event=event_world["event"],
        user=event_world["organiser"],
        section=event_world["a"],
        name="Desk, Dora",
        rating=1900,
    )
    with pytest.raises(NotAllowedError):
        desk_players_fees_add(event=event_world["event"], user=arbiter)
    assert not Entry.objects.exists()
