"""Personal links: only their hash is stored; re-issuing or revoking stops the old one; e-mail."""

from __future__ import annotations

import pytest
from django.core import mail

from core.errors import NotAllowedError, ValidationFailed
from reports.models import ReportingLink
from reports.selectors import link_get
from reports.services.links import (
    reporting_link_issue,
    reporting_link_revoke,
    reporting_links_email,
    reporting_links_issue_missing,
)
from reports.tokens import token_hash
from tests import factories
from tournaments.models import AuditLog, Participant

pytestmark = pytest.mark.django_db


def test_an_issued_token_is_stored_only_as_its_hash(tournament, organiser):
    player = factories.ParticipantFactory(tournament=tournament)
    issued = reporting_link_issue(participant=player, user=organiser)
    link = ReportingLink.objects.get()
    assert link.token_hash == token_hash(issued.token) and issued.token not in link.token_hash
    assert len(issued.token) >= 22 and link.hint == issued.token[:4]
    assert link_get(issued.token) == link
    entry = AuditLog.objects.get(action="reporting_link.issue")
    assert issued.token not in str(entry.after) and entry.user == organiser


def test_reissuing_revokes_the_previous_link(tournament, organiser):
    player = factories.ParticipantFactory(tournament=tournament)
    first = reporting_link_issue(participant=player, user=organiser)
    second = reporting_link_issue(participant=player, user=organiser)
    assert link_get(first.token) is None
    assert link_get(second.token).participant == player
    assert ReportingLink.objects.filter(participant=player, revoked_at__isnull=True).count() == 1


def test_revoking_stops_the_link_and_a_second_revoke_says_there_is_nothing(tournament, organiser):
    player = factories.ParticipantFactory(tournament=tournament)
    issued = reporting_link_issue(participant=player, user=organiser)
    reporting_link_revoke(participant=player, user=organiser)
    assert link_get(issued.token) is None
    assert AuditLog.objects.filter(action="reporting_link.revoke", user=organiser).exists()
    with pytest.raises(ValidationFailed, match="no reporting link"):
        reporting_link_revoke(participant=player, user=organiser)


def test_arbiters_and_strangers_cannot_hand_out_links(tournament, arbiter, stranger):
    player = factories.ParticipantFactory(tournament=tournament)
    for user in (arbiter, stranger):
        with pytest.raises(NotAllowedError):
            reporting_link_issue(participant=player, user=user)
    assert not ReportingLink.objects.exists()


def test_the_first_print_run_covers_active_players_without_a_link(tournament, organiser):
    has = factories.ParticipantFactory(tournament=tournament, name="Has Link")
    kept = reporting_link_issue(participant=has, user=organiser)
    factories.ParticipantFactory(tournament=tournament, name="Gone", status=Participant.Status.WITHDRAWN)
    new = [factories.ParticipantFactory(tournament=tournament, name=n) for n in ("Bea", "Al")]
    issued = reporting_links_issue_missing(tournament=tournament, user=organiser)
    assert [i.participant.name for i in issued] == ["Al", "Bea"]
    assert link_get(kept.token) is not None
    assert {link_get(i.token).participant for i in issued} == set(new)


def test_links_are_emailed_to_players_with_an_address_and_others_are_named(tournament, organiser):
    with_mail = factories.ParticipantFactory(tournament=tournament, name="Mia Mail", email="mia@example.org")
    without = factories.ParticipantFactory(tournament=tournament, name="Nils Nomail")
    outcome = reporting_links_email(
        tournament=tournament,
        user=organiser,
        participants=[with_mail, without],
        link_url=lambda token: f"http://testserver/r/{token}/",
    )
    assert outcome.sent == ["Mia Mail"] and outcome.skipped == ["Nils Nomail"]
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["mia@example.org"]
    token = mail.outbox[0].body.split("/r/")[1].split("/")[0]
    assert link_get(token).participant == with_mail
    assert not ReportingLink.objects.filter(participant=without).exists()
