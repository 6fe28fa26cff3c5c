"""The entry pages through the client: the form, the mail and personal link, refusals shown with
nothing written, the player's check-in, the desk tablet, fees and the CSV, the rounds page's note
and the pairing button's check-in step."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.core import mail
from django.test import Client

from entries.models import CheckIn, Entry, EntrySettings, Payment
from entries.services.entries import entry_accept, entry_submit
from tests.entries.conftest import entry_data
from tournaments.models import Participant, Round, RoundBye
from tournaments.services.events import event_register

pytestmark = pytest.mark.django_db


def _form(in_section, **over):
    data = {
        "name": "Ann Player",
        "rating": "1900",
        "email": "ann@example.org",
        "section": in_section.pk,
        "website": "",
    }
    data.update(over)
    return data


def _enter_url(event):
    return f"/entries/e/{event.public_token}/"


def test_the_form_shows_the_sections_and_hides_the_honeypot(client, event_world):
    response = client.get(_enter_url(event_world["event"]))
    html = response.content.decode()
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    assert "Open A" in html and "30.00 EUR" in html and 'class="hp"' in html
    assert 'name="website"' in html


def test_an_entry_mails_the_personal_link_and_opens_it(client, event_world):
    response = client.post(_enter_url(event_world["event"]), _form(event_world["a"]))
    assert response.status_code == 302 and response["Location"].startswith("/entries/me/")
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["ann@example.org"]
    link = re.search(r"http://testserver(/entries/me/[^/\s]+/)", mail.outbox[0].body).group(1)
    assert link == response["Location"]
    page = client.get(link).content.decode()
    assert "Ann Player" in page and "Waiting for the organiser" in page and "30.00 EUR" in page


@pytest.mark.parametrize(
    "over, status, message",
    [
        ({"website": "http://spam.example"}, 400, "could not be accepted"),
        ({"rating": "1500"}, 400, "does not admit"),
        ({"section": "999999"}, 400, "Your entry was not sent"),
        ({"email": ""}, 400, "Your entry was not sent"),
    ],
)
def test_a_refused_entry_is_shown_and_writes_nothing(client, event_world, over, status, message):
    response = client.post(_enter_url(event_world["event"]), _form(event_world["a"], **over))
    assert response.status_code == status
    assert message in response.content.decode()
    assert Entry.objects.count() == 0 and len(mail.outbox) == 0


def test_the_rate_limit_answers_429(client, event_world, settings):
    settings.ENTRIES_RATE_LIMIT = 1
    client.post(_enter_url(event_world["event"]), _form(event_world["b"], name="Kid One", rating="1200"))
    response = client.post(
        _enter_url(event_world["event"]), _form(event_world["b"], name="Kid Two", rating="1200")
    )
    assert response.status_code == 429 and Entry.objects.count() == 1


def test_a_closed_form_says_so(client, event_world):
    EntrySettings.objects.filter(event=event_world["event"]).update(opens_at=None)
    html = client.get(_enter_url(event_world["event"])).content.decode()
    assert 'id="entries-closed"' in html and 'id="entry-form"' not in html


def test_finding_yourself_in_the_roster_fills_the_form_without_contact_details(client, event_world):
    token = event_world["event"].public_token
    found = client.get(f"/entries/e/{token}/find/?q=rosa").content.decode()
    assert "Rosa Rook" in found and "secret@club.example" not in found
    roster_id = event_world["roster"].pk
    page = client.get(f"/entries/e/{token}/?roster={roster_id}").content.decode()
    assert 'value="Rosa Rook"' in page and "secret@club.example" not in page


def test_unknown_personal_link_is_404(client):
    assert client.get("/entries/me/not-a-real-token-at-all/").status_code == 404


def test_the_player_checks_in_from_the_personal_link(client, event_world, organiser):
    EntrySettings.objects.filter(event=event_world["event"]).update(check_in="every")
    done = entry_submit(**entry_data(event_world["b"], rating=1500))
    entry_accept(entry=done.entry, user=organiser)
    page = client.get(f"/entries/me/{done.token}/").content.decode()
    assert 'id="check-in-button"' in page
    response = client.post(f"/entries/me/{done.token}/check-in/", follow=True)
    assert 'id="checked-in"' in response.content.decode()
    assert CheckIn.objects.get().via == CheckIn.Via.LINK


def test_the_desk_tablet_needs_its_code(client, event_world, organiser):
    EntrySettings.objects.filter(event=event_world["event"]).update(check_in="every")
    p = event_register(
        event=event_world["event"], user=organiser, name="Desk Person", rating=1500
    ).participant
    token = event_world["event"].public_token
    assert 'id="desk-code-form"' in client.get(f"/entries/desk/{token}/").content.decode()
    assert client.post(f"/entries/desk/{token}/check-in/", {"participant": p.pk}).status_code == 404
    assert client.post(f"/entries/desk/{token}/open/", {"code": "wrong"}).status_code == 403
    assert client.post(f"/entries/desk/{token}/open/", {"code": "rook-42"}).status_code == 302
    assert "Desk Person" in client.get(f"/entries/desk/{token}/?q=desk").content.decode()
    client.post(f"/entries/desk/{token}/check-in/", {"participant": p.pk})
    assert CheckIn.objects.get(participant=p).via == CheckIn.Via.DESK


def test_fees_totals_payments_and_the_treasurers_csv(organiser_client, event_world, organiser):
    event = event_world["event"]
    full = entry_accept(entry=entry_submit(**entry_data(event_world["a"])).entry, user=organiser)
    junior = entry_accept(
        entry=entry_submit(
            **entry_data(event_world["b"], name="Jo Junior", rating=1200, birth_year=2014)
        ).entry,
        user=organiser,
    )
    assert (full.fee_cents, junior.fee_cents) == (3000, 1000)
    organiser_client.post(f"/entries/{event.pk}/entries/{full.pk}/pay/", {"amount": "30", "method": "cash"})
    organiser_client.post(
        f"/entries/{event.pk}/entries/{junior.pk}/pay/",
        {"amount": "4,50", "method": "transfer", "reference": "TX1"},
    )
    assert Payment.objects.count() == 2
    page = organiser_client.get(f"/entries/{event.pk}/fees/").content.decode()
    assert "40.00 EUR" in page and "34.50 EUR" in page and "5.50 EUR" in page
    rows = list(
        csv.reader(io.StringIO(organiser_client.get(f"/entries/{event.pk}/fees.csv").content.decode()))
    )
    assert rows[0][:7] == ["name", "section", "fide_id", "reduction", "owed", "paid", "due"]
    assert rows[-1][:7] == ["TOTAL", "", "", "", "40.00", "34.50", "5.50"]
    assert ["Jo Junior", "Open B", "", "Juniors", "10.00", "4.50", "5.50"] == rows[2][:7]


def test_a_payment_with_no_amount_is_refused(organiser_client, event_world, organiser):
    entry = entry_accept(entry=entry_submit(**entry_data(event_world["a"])).entry, user=organiser)
    organiser_client.post(
        f"/entries/{event_world['event'].pk}/entries/{entry.pk}/pay/", {"amount": "x", "method": "cash"}
    )
    organiser_client.post(
        f"/entries/{event_world['event'].pk}/entries/{entry.pk}/pay/", {"amount": "0", "method": "cash"}
    )
    assert Payment.objects.count() == 0


def test_the_organiser_accepts_and_refuses_from_the_entries_page(organiser_client, event_world):
    event = event_world["event"]
    one = entry_submit(**entry_data(event_world["a"])).entry
    two = entry_submit(**entry_data(event_world["b"], name="Bo Two", rating=1300, address="10.1.1.1")).entry
    page = organiser_client.get(f"/entries/{event.pk}/").content.decode()
    assert f'id="entry-{one.pk}"' in page and 'id="entry-settings"' in page
    organiser_client.post(f"/entries/{event.pk}/entries/{one.pk}/accept/")
    organiser_client.post(f"/entries/{event.pk}/entries/{two.pk}/refuse/", {"reason": "not a member"})
    assert Entry.objects.get(pk=one.pk).status == "accepted" and Participant.objects.count() == 1
    assert Entry.objects.get(pk=two.pk).refusal == "not a member"


def test_the_event_page_links_to_the_entries(organiser_client, event_world):
    page = organiser_client.get(f"/e/{event_world['event'].pk}/").content.decode()
    assert f"/entries/{event_world['event'].pk}/" in page


def test_the_pairing_button_leaves_out_who_has_not_checked_in(
    organiser_client, event_world, organiser, django_capture_on_commit_callbacks
):
    b = event_world["b"]
    EntrySettings.objects.filter(event=b.event).update(check_in="every")
    people = [
        event_register(event=b.event, user=organiser, section=b, name=f"P{i}", rating=1500 - i).participant
        for i in range(5)
    ]
    for p in people[:4]:
        organiser_client.post(f"/entries/sections/{b.pk}/check-in/add/", {"participant": p.pk})
    rounds_page = organiser_client.get(f"/t/{b.pk}/rounds/").content.decode()
    assert (
        "Check-in for round 1: 4 of 5 here." in rounds_page
        and f"/entries/sections/{b.pk}/check-in/" in rounds_page
    )
    with django_capture_on_commit_callbacks(execute=True):
        response = organiser_client.post(f"/t/{b.pk}/rounds/pair/", follow=True)
    assert "1 player had not checked in for round 1" in response.content.decode()
    assert RoundBye.objects.get(kind="absent").participant == people[4]
    rnd = Round.objects.get(tournament=b)
    assert rnd.status == Round.Status.DRAFT
    page = organiser_client.get(f"/entries/sections/{b.pk}/check-in/").content.decode()
    assert 'id="check-in-table"' in page


def test_pairing_through_the_api_runs_the_check_in_step_too(event_world, organiser):
    from rest_framework.test import APIClient

    b = event_world["b"]
    EntrySettings.objects.filter(event=b.event).update(check_in="every")
    people = [
        event_register(event=b.event, user=organiser, section=b, name=f"P{i}", rating=1500 - i).participant
        for i in range(3)
    ]
    for p in people[:2]:
        CheckIn.objects.create(participant=p, round_number=1, via=CheckIn.Via.ARBITER)
    api = APIClient()
    api.force_authenticate(organiser)
    assert api.post(f"/api/tournaments/{b.pk}/rounds/pair/").status_code == 202
    assert RoundBye.objects.get(kind="absent").participant == people[2]


def test_the_desk_list_partial_answers_htmx_alone(client, event_world, organiser):
    EntrySettings.objects.filter(event=event_world["event"]).update(check_in="every")
    event_register(event=event_world["event"], user=organiser, name="Desk Person", rating=1500)
    token = event_world["event"].public_token
    client.post(f"/entries/desk/{token}/open/", {"code": "rook-42"})
    body = client.get(f"/entries/desk/{token}/?q=desk", headers={"HX-Request": "true"}).content.decode()
    assert 'id="desk-list"' in body and "<html" not in body and "Desk Person" in body
    locked = Client()
    body = locked.get(f"/entries/desk/{token}/?q=desk", headers={"HX-Request": "true"}).content.decode()
    assert "Desk Person" not in body and 'id="desk-code-form"' in body
