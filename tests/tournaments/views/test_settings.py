from __future__ import annotations

from django.contrib.messages import get_messages
from django.urls import reverse

from tournaments.models import AuditLog, Tournament

from .test_tournament_new import form_data


def settings_url(tournament):
    return reverse("tournaments:settings", kwargs={"tournament_id": tournament.pk})


def tiebreaks_url(tournament):
    return reverse("tournaments:tiebreaks", kwargs={"tournament_id": tournament.pk})


def test_organisers_change_settings_before_the_start(organiser_client, tournament):
    body = organiser_client.get(settings_url(tournament)).content.decode()
    assert 'id="settings-form"' in body and "frozen" not in body
    response = organiser_client.post(
        settings_url(tournament), form_data(name="Club Championship", rounds_planned="7")
    )
    assert response.status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).rounds_planned == 7


def test_after_round_one_only_the_descriptive_fields_can_change(
    organiser_client, tournament, published_round
):
    body = organiser_client.get(settings_url(tournament)).content.decode()
    assert "everything that decides pairings and standings is frozen" in body
    assert 'name="rounds_planned" value="5" min="1" max="99" required disabled' in body
    organiser_client.post(
        settings_url(tournament), form_data(name="Renamed", rounds_planned="9", place="Library")
    )
    t = Tournament.objects.get(pk=tournament.pk)
    assert (t.name, t.place, t.rounds_planned) == ("Renamed", "Library", 5)


def test_changing_tiebreaks_after_the_start_needs_a_reason(arbiter_client, tournament, published_round):
    response = arbiter_client.post(tiebreaks_url(tournament), {"codes": "SB,BH", "reason": ""})
    assert any("Write down the reason" in str(m) for m in get_messages(response.wsgi_request))
    assert response["Location"].endswith("/standings/")  # arbiters change tie-breaks from the standings page
    arbiter_client.post(
        tiebreaks_url(tournament), {"codes": "SB,BH", "reason": "Misprint in the announcement"}
    )
    assert Tournament.objects.get(pk=tournament.pk).tiebreaks == "SB,BH"
    assert AuditLog.objects.filter(action="tiebreaks_change_after_start").count() == 1


def test_organisers_add_and_remove_staff(organiser_client, tournament, django_user_model):
    django_user_model.objects.create_user("nina", password="x")
    url = reverse("tournaments:staff_add", kwargs={"tournament_id": tournament.pk})
    response = organiser_client.post(url, {"username": "nina", "role": "arbiter"})
    assert response["Location"].endswith("/settings/#staff")
    body = organiser_client.get(settings_url(tournament)).content.decode()
    assert "nina — Arbiter" in body
    grant = tournament.roles.get(user__username="nina")
    organiser_client.post(
        reverse("tournaments:staff_remove", kwargs={"tournament_id": tournament.pk, "role_id": grant.pk})
    )
    assert not tournament.roles.filter(user__username="nina").exists()


def test_arbiters_cannot_choose_staff(arbiter_client, tournament):
    url = reverse("tournaments:staff_add", kwargs={"tournament_id": tournament.pk})
    assert arbiter_client.post(url, {"username": "arthur", "role": "organiser"}).status_code == 403
    assert tournament.roles.get(user__username="arthur").role == "arbiter"


def test_the_page_title_is_plain_text_and_the_staff_section_appears_once(organiser_client, tournament):
    body = organiser_client.get(settings_url(tournament)).content.decode()
    assert "<title>Settings · Club Championship</title>" in body
    assert body.count('id="staff"') == 1 and body.count('id="staff-form"') == 1


def test_after_round_one_a_browser_posting_only_the_open_fields_renames_whatever_the_settings(
    organiser_client, tournament, published_round
):
    """Browsers do not send disabled fields: the form fills them from the tournament and the
    service sees them unchanged (the view no longer filters them out itself)."""
    Tournament.objects.filter(pk=tournament.pk).update(
        win_points=6, draw_points=2, loss_points=0, bye_points=6
    )
    response = organiser_client.post(settings_url(tournament), {"name": "Renamed", "place": "Library"})
    assert response.status_code == 302
    t = Tournament.objects.get(pk=tournament.pk)
    assert (t.name, t.place, t.win_points, t.draw_points) == ("Renamed", "Library", 6, 2)
