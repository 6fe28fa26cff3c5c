"""Personal reporting links: issued, re-issued and revoked per player by the organisers.

The token exists in clear only in the return value of ``reporting_link_issue`` (for the printed
slip) and in the e-mail ``reporting_links_email`` sends; the database keeps its hash.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from core.errors import NotAllowedError, ValidationFailed
from reports.models import ReportingLink
from reports.tokens import token_hash, token_hint, token_new
from tournaments.models import Participant, Tournament
from tournaments.permissions import can_organise, require_not_archived
from tournaments.services.audit import audit_record


@dataclass(frozen=True)
class IssuedLink:
    participant: Participant
    token: str
    hint: str


@dataclass
class EmailOutcome:
    sent: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    """Names with no e-mail address on the roster."""
    failed: list[str] = field(default_factory=list)


def _check(user: Any, tournament: Tournament) -> None:
    if not can_organise(user, tournament):
        raise NotAllowedError(
            gettext("Only the tournament's organisers can hand out or revoke reporting links.")
        )
    require_not_archived(tournament)


def _lock(tournament: Tournament) -> None:
    Tournament.objects.select_for_update().filter(pk=tournament.pk).values_list("pk").first()


def _revoke_live(participant: Participant, user: Any) -> ReportingLink | None:
    live = (
        ReportingLink.objects.select_for_update()
        .filter(participant=participant, revoked_at__isnull=True)
        .first()
    )
    if live is not None:
        live.revoked_at = timezone.now()
        live.revoked_by = user if getattr(user, "is_authenticated", False) else None
        live.save(update_fields=["revoked_at", "revoked_by"])
    return live


def _issue_locked(participant: Participant, user: Any) -> IssuedLink:
    old = _revoke_live(participant, user)
    token = token_new()
    link = ReportingLink.objects.create(
        tournament_id=participant.tournament_id,
        participant=participant,
        token_hash=token_hash(token),
        hint=token_hint(token),
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    audit_record(
        tournament=participant.tournament,
        user=user,
        action="reporting_link.issue",
        obj=link,
        before={"participant": participant.name, "link": f"{old.hint}…"} if old else None,
        after={"participant": participant.name, "participant_id": participant.pk, "link": f"{link.hint}…"},
    )
    return IssuedLink(participant, token, link.hint)


def reporting_link_issue(*, participant: Participant, user: Any) -> IssuedLink:
    """Give ``participant`` a new personal link; their previous link (if any) stops working."""
    _check(user, participant.tournament)
    with transaction.atomic():
        _lock(participant.tournament)
        return _issue_locked(participant, user)


def reporting_links_issue_missing(*, tournament: Tournament, user: Any) -> list[IssuedLink]:
    """A link for every active participant who has none yet (the first print run of slips).

    Players who already hold a live link keep it: re-issuing one is a per-player decision.
    """
    _check(user, tournament)
    with transaction.atomic():
        _lock(tournament)
        missing = (
            Participant.objects.filter(tournament=tournament, status=Participant.Status.ACTIVE)
            .exclude(pk__in=ReportingLink.objects.filter(revoked_at__isnull=True).values("participant_id"))
            .select_related("tournament")
            .order_by("name")
        )
        return [_issue_locked(p, user) for p in missing]


def reporting_link_revoke(*, participant: Participant, user: Any) -> ReportingLink:
    """Stop ``participant``'s live link from working (a lost phone, a slip left on a table)."""
    _check(user, participant.tournament)
    with transaction.atomic():
        _lock(participant.tournament)
        link = _revoke_live(participant, user)
        if link is None:
            raise ValidationFailed(
                gettext("%(name)s has no reporting link to revoke.") % {"name": participant.name}
            )
        audit_record(
            tournament=participant.tournament,
            user=user,
            action="reporting_link.revoke",
            obj=link,
            before={"participant": participant.name, "link": f"{link.hint}…"},
        )
    return link


def reporting_links_email(
    *,
    tournament: Tournament,
    user: Any,
    participants: Iterable[Participant],
    link_url: Callable[[str], str],
) -> EmailOutcome:
    """Issue a new link to each of ``participants`` that has an e-mail address and mail it to them.

    1. Participants with no address are skipped (named in the outcome); nothing is issued for them.
    2. The links are issued in one transaction; the mails go out after it has committed, so no
       mail carries a link that was rolled back. A mail that fails leaves its link issued (the
       organiser can print a slip instead) and is named in ``failed``.
    """
    _check(user, tournament)
    chosen = [p for p in participants if p.tournament_id == tournament.pk]
    outcome = EmailOutcome(skipped=[p.name for p in chosen if not p.email])
    with transaction.atomic():
        _lock(tournament)
        issued = [_issue_locked(p, user) for p in chosen if p.email]
        for item in issued:
            audit_record(
                tournament=tournament,
                user=user,
                action="reporting_link.email",
                obj=item.participant,
                after={"participant": item.participant.name, "link": f"{item.hint}…"},
            )
    for item in issued:
        # Mails to players are in the tournament's language, not the sender's.
        with translation.override(tournament.language or settings.LANGUAGE_CODE):
            values = {
                "name": item.participant.name,
                "tournament": tournament.name,
                "link": link_url(item.token),
            }
            body = (
                _(
                    "Hello %(name)s,\n\n"
                    "this is your personal link to report your results in %(tournament)s:\n\n"
                    "%(link)s\n\n"
                    "Open it on your phone after each game and report the result; your opponent confirms it "
                    "and the arbiter approves it. Do not share the link: anyone who has it can report for you. "
                    "If you lose it, ask the organiser for a new one.\n"
                )
                % values
            )
            subject = _("Your result reporting link for %(tournament)s") % values
        try:
            send_mail(subject, body, None, [item.participant.email])
        except Exception:  # noqa: BLE001 - any mail backend error: report it, keep the link
            outcome.failed.append(item.participant.name)
        else:
            outcome.sent.append(item.participant.name)
    return outcome
