"""Club pages end to end through the test client: the invitation flow, the roster search partial,
messages for refused actions, and what the public page does not show."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from clubs.models import Club, Invitation, Membership, RosterPlayer
from clubs.services.roster import roster_player_create
from ratings.models import RatedPlayer

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def test_creating_a_club_makes_me_its_owner(client, cast):
    client.force_login(cast.nobody)
    response = client.post(reverse("clubs:new"), {"name": "Fianchetto Friends"})
    club = Club.objects.get(name="Fianchetto Friends")
    assert response["Location"] == reverse("clubs:dashboard", args=[club.slug])
    assert Membership.objects.get(club=club, user=cast.nobody).role == "owner"
    assert "Fianchetto Friends" in client.get(reverse("clubs:list")).content.decode()


def test_an_owner_invites_by_email_and_the_invitee_accepts_through_the_link(
    client, cast, django_capture_on_commit_callbacks
):
    client.force_login(cast.owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("clubs:invitation_new", args=[cast.club.slug]),
            {"email": "nina@example.org", "role": "arbiter"},
        )
    assert response.status_code == 200
    (message,) = mail.outbox
    link = re.search(r"http://testserver/clubs/invitations/\S+/", message.body).group(0)
    assert f'value="{link}"' in response.content.decode(), "the page shows the mailed link, once"
    assert link not in client.get(reverse("clubs:dashboard", args=[cast.club.slug])).content.decode()

    client.logout()
    path = link.removeprefix("http://testserver")
    anonymous = client.get(path)
    assert anonymous.status_code == 200 and "Caïssa Rooks" in anonymous.content.decode()
    assert "/accounts/login/?next=" in anonymous.content.decode()
    client.force_login(cast.nobody)
    page = client.get(path).content.decode()
    assert "Accept" in page and "Caïssa Rooks" in page
    accepted = client.post(path + "accept/")
    assert accepted["Location"] == reverse("clubs:dashboard", args=[cast.club.slug])
    assert Membership.objects.get(club=cast.club, user=cast.nobody).role == "arbiter"
    again = client.get(path)
    assert again.status_code == 410 and "already accepted" in again.content.decode()


def test_another_account_sees_why_it_cannot_accept(client, cast):
    client.force_login(cast.owner)
    client.post(
        reverse("clubs:invitation_new", args=[cast.club.slug]), {"email": "nina@example.org", "role": "owner"}
    )
    # The link is not stored; create a second one whose token we know, for the same address.
    from clubs.services.invitations import invitation_create

    _, link = invitation_create(
        club=cast.club,
        invited_by=cast.owner,
        role="owner",
        email="nina@example.org",
        base_url="http://testserver/",
    )
    path = link.removeprefix("http://testserver")
    client.force_login(cast.other_member)
    page = client.get(path)
    assert page.status_code == 403 and "another e-mail address" in page.content.decode()
    assert client.post(path + "accept/").status_code == 403
    assert not Membership.objects.filter(club=cast.club, user=cast.other_member).exists()
    assert client.get("/clubs/invitations/not-a-real-token/").status_code == 404
    assert client.post("/clubs/invitations/not-a-real-token/accept/").status_code == 404


def test_an_invitation_with_a_bad_email_changes_nothing(client, cast):
    client.force_login(cast.owner)
    response = client.post(
        reverse("clubs:invitation_new", args=[cast.club.slug]), {"email": "no", "role": "arbiter"}
    )
    assert response.status_code == 400 and "valid email" in response.content.decode()
    assert Invitation.objects.count() == 0


def test_the_last_owner_is_told_why_leaving_is_refused(client, cast):
    client.force_login(cast.owner)
    response = client.post(reverse("clubs:leave", args=[cast.club.slug]), follow=True)
    assert "last owner" in response.content.decode()
    assert Membership.objects.filter(club=cast.club, user=cast.owner, role="owner").exists()


@pytest.fixture
def roster(cast):
    for name in ("Ólafsson, Helgi", "Anna Müller", "Bob Brown"):
        roster_player_create(
            club=cast.club, name=name, email=f"{name[:3].lower()}@example.org", phone="+31 6 1234"
        )


def test_roster_search_full_page_and_partial(client, cast, roster, django_assert_max_num_queries):
    client.force_login(cast.arbiter)
    url = reverse("clubs:roster", args=[cast.club.slug])
    full = client.get(url, {"q": "OLAF"}).content.decode()
    assert (
        'id="roster-list"' in full
        and "<html" in full
        and "Ólafsson, Helgi" in full
        and "Bob Brown" not in full
    )
    with django_assert_max_num_queries(6):
        part = client.get(url, {"q": "mull"}, headers=HX)
    text = part.content.decode()
    assert part.status_code == 200 and 'id="roster-list"' in text and "<html" not in text
    assert "Anna Müller" in text and "Ólafsson" not in text
    assert "Edit" not in text, "arbiters see the roster but do not edit it"


def test_contact_details_are_for_club_staff_only(client, cast, roster):
    client.force_login(cast.arbiter)
    assert "+31 6 1234" in client.get(reverse("clubs:roster", args=[cast.club.slug])).content.decode()
    client.logout()
    public = client.get(reverse("clubs:public", args=[cast.club.slug])).content.decode()
    assert "Caïssa Rooks" in public and "+31 6 1234" not in public and "Ólafsson" not in public


def test_an_organiser_edits_a_roster_player_and_bad_input_changes_nothing(client, cast, roster):
    client.force_login(cast.organiser)
    player = RosterPlayer.objects.get(name="Bob Brown")
    url = reverse("clubs:roster_edit", args=[cast.club.slug, player.pk])
    bad = client.post(url, {"name": "Bob Brown", "rating": "9999", "federation": "NE1"})
    assert bad.status_code == 400 and "Three letters" in bad.content.decode()
    player.refresh_from_db()
    assert player.rating is None and player.federation == ""
    ok = client.post(url, {"name": "Robert Brown", "rating": "1850", "federation": "eng", "title": "CM"})
    assert ok.status_code == 302
    player.refresh_from_db()
    assert (player.name, player.rating, player.federation, player.title) == (
        "Robert Brown",
        1850,
        "ENG",
        "CM",
    )


def test_add_from_the_fide_list_page_and_partial(client, cast):
    RatedPlayer.objects.create(
        fide_id=1000001,
        name="Ólafsson, Friðrik",
        search_key="olafsson fridrik",
        checksum=0,
        standard_rating=2400,
    )
    client.force_login(cast.organiser)
    url = reverse("clubs:roster_fide", args=[cast.club.slug])
    part = client.get(url, {"q": "Olafsson"}, headers=HX).content.decode()
    assert 'id="rated-player-results"' in part and "<html" not in part and "Ólafsson, Friðrik" in part
    response = client.post(reverse("clubs:roster_fide_add", args=[cast.club.slug]), {"fide_id": 1000001})
    assert response["Location"] == reverse("clubs:roster", args=[cast.club.slug])
    assert RosterPlayer.objects.get(club=cast.club, fide_id=1000001).rating == 2400
    twice = client.post(
        reverse("clubs:roster_fide_add", args=[cast.club.slug]), {"fide_id": 1000001}, follow=True
    )
    assert "already on the roster" in twice.content.decode()
    assert RosterPlayer.objects.filter(club=cast.club, fide_id=1000001).count() == 1


def test_the_dashboard_costs_the_same_queries_for_many_members(client, cast, django_user_model):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(cast.owner)
    url = reverse("clubs:dashboard", args=[cast.club.slug])
    with CaptureQueriesContext(connection) as few:
        assert client.get(url).status_code == 200
    for i in range(12):
        user = django_user_model.objects.create_user(f"member{i}")
        Membership.objects.create(club=cast.club, user=user, role="arbiter")
    with CaptureQueriesContext(connection) as many:
        body = client.get(url).content.decode()
    assert "member11" in body
    assert len(many) == len(few)


def test_the_mailed_link_points_at_site_url_behind_a_proxy(
    client, cast, settings, django_capture_on_commit_callbacks
):
    settings.SITE_URL = "https://chess.example.org"
    settings.ALLOWED_HOSTS = ["internal-web"]
    client.force_login(cast.owner)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("clubs:invitation_new", args=[cast.club.slug]),
            {"email": "nina@example.org", "role": "arbiter"},
            HTTP_HOST="internal-web:8000",
        )
    (message,) = mail.outbox
    assert "https://chess.example.org/clubs/invitations/" in message.body
    assert "internal-web" not in message.body
