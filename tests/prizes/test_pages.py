"""The prize pages: the check before round 1 names a group no one can enter, a form the service
refuses saves nothing and says why, the players' page shows the list before the event and the
winners after it, the event's page gathers its sections' lists, and the demo gets its list."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from prizes.demo import DEMO_TOURNAMENT
from prizes.models import Prize, PrizeGroup, PrizeList
from prizes.services.lists import PrizeRow, prize_group_save, prize_list_update
from tests.prizes.conftest import play_round

pytestmark = pytest.mark.django_db


def _list(t, user, **over):
    values = {"sharing": "hort", "precedence": "value", "one_prize_per_player": True, "unit_cents": 100}
    prize_list_update(tournament=t, user=user, **(values | over))


def test_the_check_names_a_group_no_one_can_enter(field, organiser, organiser_client):
    _list(field, organiser)
    prize_group_save(
        tournament=field, user=organiser, name="Seniors 80", kind="seniors", age=80, prizes=[PrizeRow(1000)]
    )
    prize_group_save(tournament=field, user=organiser, name="Women", kind="women", prizes=[PrizeRow(1000)])
    page = organiser_client.get(f"/prizes/sections/{field.pk}/").content.decode()
    assert "No one registered can enter “Seniors 80”" in page
    assert "No one registered can enter “Women”" in page
    ada = field.participants.get(name="Ada Alpha")
    organiser_client.post(f"/prizes/sections/{field.pk}/women/", {"women": [ada.pk]})
    page = organiser_client.get(f"/prizes/sections/{field.pk}/").content.decode()
    assert "No one registered can enter “Women”" not in page


@pytest.mark.parametrize(
    "data",
    [
        {"new-kind": "rating"},  # a band with no limit
        {"new-kind": "under"},  # an age group with no age
        {"new-kind": "club"},  # no club named
        {"new-kind": "overall", "new-p-0-amount": "-5"},  # a negative amount
        {"new-kind": "overall", "new-p-0-item_value": "10"},  # a value but no prize
        {"new-kind": "nonsense"},
    ],
)
def test_a_refused_group_saves_nothing_and_says_why(field, organiser, organiser_client, data):
    _list(field, organiser)
    before = (PrizeGroup.objects.count(), Prize.objects.count(), PrizeList.objects.get().version)
    form = {"new-name": "Bad", "new-p-TOTAL_FORMS": "5", "new-p-INITIAL_FORMS": "0", **data}
    response = organiser_client.post(f"/prizes/sections/{field.pk}/groups/", form)
    assert response.status_code == 200
    assert 'class="messages' in response.content.decode() or "errorlist" in response.content.decode()
    assert (PrizeGroup.objects.count(), Prize.objects.count(), PrizeList.objects.get().version) == before


def test_refused_rules_save_nothing(field, organiser, organiser_client):
    _list(field, organiser)
    before = list(PrizeList.objects.values())
    for bad in ({"unit": "0"}, {"currency": "EURO"}, {"sharing": "lottery"}):
        data = {"sharing": "equal", "precedence": "value", "unit": "1", "currency": "EUR", **bad}
        assert organiser_client.post(f"/prizes/sections/{field.pk}/rules/", data).status_code == 200
    assert list(PrizeList.objects.values()) == before


def test_players_see_the_list_before_and_the_winners_after(field, organiser, client):
    _list(field, organiser)
    prize_group_save(
        tournament=field, user=organiser, name="Overall", kind="overall", prizes=[PrizeRow(9000, "Cup")]
    )
    before = client.get(f"/p/{field.public_token}/prizes/").content.decode()
    assert "90.00 EUR" in before and "Cup" in before and "Prize winners" not in before
    assert 'aria-current="page">Prizes' in before  # the section's public nav
    play_round(field, organiser)
    after = client.get(f"/p/{field.public_token}/prizes/").content.decode()
    assert "Prize winners" in after and "Total paid: 90.00 EUR" in after
    pdf = client.get(f"/p/{field.public_token}/prizes.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    event = client.get(f"/p/e/{field.event.public_token}/").content.decode()
    assert f"/p/e/{field.event.public_token}/prizes/" in event
    gathered = client.get(f"/p/e/{field.event.public_token}/prizes/").content.decode()
    assert field.name in gathered and "Total paid: 90.00 EUR" in gathered


def test_the_staff_winners_page_says_when_it_is_provisional(field, organiser, organiser_client):
    field.rounds_planned = 2
    field.save(update_fields=["rounds_planned"])
    _list(field, organiser)
    prize_group_save(
        tournament=field, user=organiser, name="Overall", kind="overall", prizes=[PrizeRow(5000)]
    )
    play_round(field, organiser)
    page = organiser_client.get(f"/prizes/sections/{field.pk}/winners/").content.decode()
    assert 'id="provisional"' in page
    public = organiser_client.get(f"/p/{field.public_token}/prizes/").content.decode()
    assert "Prize winners" not in public


def test_the_demo_gets_its_prize_list_once(finished, organiser):
    finished.name = DEMO_TOURNAMENT
    finished.save(update_fields=["name"])
    out = io.StringIO()
    call_command("seed_demo_prizes", stdout=out)
    call_command("seed_demo_prizes", stdout=out)
    assert out.getvalue().count("a prize list of four groups") == 1
    assert PrizeGroup.objects.filter(prize_list__tournament=finished).count() == 4


def test_the_event_pages_of_a_pooled_list(finished, organiser, organiser_client):
    from tournaments.models import EventRole

    event = finished.event
    EventRole.objects.create(event=event, user=organiser, role="organiser")
    prize_list_update(
        event=event,
        user=organiser,
        sharing="hort",
        precedence="value",
        one_prize_per_player=True,
        unit_cents=100,
    )
    prize_group_save(
        event=event, user=organiser, name="Event overall", kind="overall", prizes=[PrizeRow(7000)]
    )
    base = f"/prizes/events/{event.pk}/"
    page = organiser_client.get(base).content.decode()
    assert "Prize list of the whole event" in page and "Event overall" in page
    assert base in organiser_client.get(f"/e/{event.pk}/").content.decode()  # the event page's link
    winners = organiser_client.get(base + "winners/").content.decode()
    assert "Total paid: 70.00 EUR" in winners and finished.name in winners
    assert (
        organiser_client.get(base + "winners.csv")
        .content.decode("utf-8-sig")
        .splitlines()[-1]
        .startswith("Total")
    )
    assert organiser_client.get(base + "winners.pdf").content.startswith(b"%PDF")


def test_players_see_the_event_list_on_the_event_link(finished, organiser, client):
    from tournaments.models import EventRole

    event = finished.event
    EventRole.objects.create(event=event, user=organiser, role="organiser")
    prize_list_update(
        event=event,
        user=organiser,
        sharing="hort",
        precedence="value",
        one_prize_per_player=True,
        unit_cents=100,
    )
    prize_group_save(
        event=event, user=organiser, name="Event overall", kind="overall", prizes=[PrizeRow(7000)]
    )
    page = client.get(f"/p/e/{event.public_token}/prizes/").content.decode()
    assert 'id="prizes-event"' in page and "The whole event" in page and "Total paid: 70.00 EUR" in page
