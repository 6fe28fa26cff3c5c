"""Issue 23: a club's tournaments on its dashboard and public page, and created from the club."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.views.test_tournament_new import form_data
from tournaments.models import Tournament, TournamentRole
from tournaments.services.tournaments import tournament_create

pytestmark = pytest.mark.django_db


def _tournaments(cast):
    current = tournament_create(user=cast.owner, club=cast.club, name="Thursday Blitz")
    past = tournament_create(user=cast.organiser, club=cast.club, name="Spring Open")
    Tournament.objects.filter(pk=past.pk).update(status=Tournament.Status.FINISHED)
    elsewhere = tournament_create(user=cast.other_member, club=cast.other_club, name="Knights Cup")
    return current, past, elsewhere


def test_the_public_page_lists_current_and_past_tournaments_with_their_public_links(client, cast):
    current, past, elsewhere = _tournaments(cast)
    body = client.get(reverse("clubs:public", kwargs={"slug": cast.club.slug})).content.decode()
    head, tail = body.split("Past tournaments")
    assert reverse("public:pairings", kwargs={"token": current.public_token}) in head
    assert reverse("public:standings", kwargs={"token": past.public_token}) in tail
    assert "Spring Open" not in head and "Thursday Blitz" not in tail
    assert "Knights Cup" not in body and elsewhere.public_token not in body
    assert f"/t/{current.pk}/" not in body  # no staff links for the public


def test_the_dashboard_links_each_tournament_to_its_staff_pages(client, cast):
    current, past, _ = _tournaments(cast)
    client.force_login(cast.arbiter)
    body = client.get(reverse("clubs:dashboard", kwargs={"slug": cast.club.slug})).content.decode()
    for t in (current, past):
        assert reverse("tournaments:tournament", kwargs={"tournament_id": t.pk}) in body
    assert "Knights Cup" not in body
    assert "club-tournament-new" not in body  # club arbiters do not create tournaments
    client.force_login(cast.organiser)
    body = client.get(reverse("clubs:dashboard", kwargs={"slug": cast.club.slug})).content.decode()
    assert f"?club={cast.club.slug}" in body
    # ...and the arbiter, with the club role only, opens the staff page of the club's tournament.
    client.force_login(cast.arbiter)
    assert (
        client.get(reverse("tournaments:tournament", kwargs={"tournament_id": current.pk})).status_code == 200
    )
    assert not TournamentRole.objects.filter(user=cast.arbiter).exists()


def test_a_tournament_created_from_the_club_dashboard_belongs_to_the_club(client, cast):
    client.force_login(cast.organiser)
    url = reverse("tournaments:tournament_new") + f"?club={cast.club.slug}"
    page = client.get(url).content.decode()
    assert f'name="club" value="{cast.club.slug}"' in page
    data = form_data(name="Club Night", club=cast.club.slug)
    response = client.post(reverse("tournaments:tournament_new"), data)
    assert response.status_code == 302
    assert Tournament.objects.get(name="Club Night").club == cast.club


def test_a_club_arbiter_or_outsider_cannot_create_the_clubs_tournament(client, cast):
    data = form_data(name="Sneaky", club=cast.club.slug)
    for user in (cast.arbiter, cast.other_member):
        client.force_login(user)
        response = client.post(reverse("tournaments:tournament_new"), data)
        assert response.status_code == 200  # the form again, with the refusal (as for any refusal)
        assert "owners and organisers of Caïssa Rooks" in response.content.decode()
    assert not Tournament.objects.filter(name="Sneaky").exists()


def test_the_suggest_button_without_javascript_keeps_the_club(client, cast):
    client.force_login(cast.organiser)
    url = reverse("tournaments:format_suggestion")
    page = client.get(
        url, {"name": "Club Night", "expected_players": "12", "club": cast.club.slug}
    ).content.decode()
    assert f'name="club" value="{cast.club.slug}"' in page
