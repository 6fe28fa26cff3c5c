"""Mails to players and PDFs are in the tournament's language (its settings), whoever sends or
downloads them; empty: the site's language."""

from __future__ import annotations

import pytest
from django.core import mail
from django.utils import translation

from reports.services.links import reporting_links_email
from tests import factories
from tests.security import world as w
from tournaments.forms import TournamentForm
from tournaments.public import downloads

pytestmark = pytest.mark.django_db


def _mail_links(tournament, organiser):
    player = factories.ParticipantFactory(tournament=tournament, name="Mia Mail", email="mia@example.org")
    reporting_links_email(
        tournament=tournament,
        user=organiser,
        participants=[player],
        link_url=lambda token: f"http://testserver/r/{token}/",
    )
    return mail.outbox[-1]


def test_the_reporting_link_mail_is_in_the_tournament_s_language(tournament, organiser):
    tournament.language = "fr"
    tournament.save(update_fields=["language"])
    with translation.override("de"):  # the organiser reads German pages
        sent = _mail_links(tournament, organiser)
    assert sent.subject.startswith("Votre lien de signalement")
    assert sent.body.startswith("Bonjour Mia Mail,")


def test_without_a_tournament_language_the_mail_is_in_the_site_s(tournament, organiser):
    with translation.override("fr"):
        sent = _mail_links(tournament, organiser)
    assert sent.subject.startswith("Your result reporting link")


def test_pdfs_are_built_in_the_tournament_s_language(tournament):
    tournament.language = "fr"
    with translation.override("de"), downloads.in_tournament_language(tournament):
        assert translation.get_language() == "fr"
    tournament.language = ""
    with downloads.in_tournament_language(tournament):
        assert translation.get_language() == "en-gb"


def test_the_settings_form_offers_the_languages_and_the_site_default(tournament):
    w.build(tournament, w.REGISTRATION)
    choices = dict(TournamentForm().fields["language"].choices)
    assert set(choices) == {"", "en-gb", "fr", "de", "es", "nl"}


def test_the_organiser_sets_the_tournament_s_language_on_the_settings_page(client, organiser, tournament):
    client.force_login(organiser)
    page = client.get(f"/t/{tournament.pk}/settings/").content.decode()
    assert 'name="language"' in page
