"""Entries sent through the public form, and the organiser's answer to them.

* ``entry_submit(*, event, address, section, email, honeypot="", roster_id=None, fide_pick=None,
  **fields) -> Submitted``: one player's entry. Refused with a message, and nothing written, when
  the address has sent too many (``EntryRateLimited``), the honeypot is filled, the form or the
  section is closed, the section's band does not admit the player, the player has already entered
  (the same FIDE id or the same name, ``same_name_key``) or is registered at the desk, or the
  section and its waiting list are full. A full section with room on its waiting list keeps the
  entry there. With auto-accept on, a valid entry is registered at once.
* ``entry_accept(*, entry, user) -> Entry``: register the player in the section through
  ``tournaments.services.events.event_register``, so every rule of the desk applies (one section
  per player, duplicates, a late entry once round 1 is paired).
* ``entry_refuse(*, entry, user, reason="") -> Entry``.

The personal link's token is returned once (``Submitted.token``) and mailed; only its hash is kept.
"""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from clubs.models import RosterPlayer
from core.errors import NotAllowedError, ServiceError, ValidationFailed
from core.ratelimit import count_in_window
from entries.fees import Reduction, fee_owed
from entries.models import Entry, EntrySettings, FeeReduction, SectionEntrySettings
from entries.tokens import token_hash, token_hint, token_new
from ratings.selectors import rated_player_get
from tournaments.models import Event, Participant, Tournament
from tournaments.permissions import can_arbitrate_event
from tournaments.services.events import event_register, section_admits
from tournaments.services.participants.registration import clean_participant_fields
from tournaments.text import same_name_key

logger = logging.getLogger(__name__)

RATE_WINDOW_SECONDS = 60 * 60
DEFAULT_RATE_LIMIT = 10
"""Entries (refused ones too) one address may send per hour: a family or a club's secretary
entering several players stays under it, a script does not."""

TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


class EntryRateLimited(ServiceError):
    http_status = 429


@dataclass(frozen=True)
class Submitted:
    entry: Entry
    token: str


def settings_for(event: Event) -> EntrySettings:
    found = EntrySettings.objects.filter(event=event).first()
    return found if found is not None else EntrySettings(event=event)


def section_settings(section: Tournament) -> SectionEntrySettings:
    found = SectionEntrySettings.objects.filter(section=section).first()
    return found if found is not None else SectionEntrySettings(section=section)


def form_is_open(entry_settings: EntrySettings, now: datetime.datetime | None = None) -> bool:
    now = now or timezone.now()
    opens, closes = entry_settings.opens_at, entry_settings.closes_at
    return opens is not None and opens <= now and (closes is None or now < closes)


def age_in(event: Event, birth_year: int | None) -> int | None:
    if birth_year is None:
        return None
    return (event.start_date or timezone.localdate()).year - birth_year


def reductions_of(event: Event) -> list[Reduction]:
    return [
        Reduction(
            label=r.label,
            percent=r.percent,
            max_age=r.max_age,
            min_age=r.min_age,
            titles=frozenset(t.strip().upper() for t in r.titles.split(",") if t.strip()),
        )
        for r in FeeReduction.objects.filter(event=event)
    ]


def _picked_fields(event: Event, roster_id: Any, fide_pick: Any, fields: dict[str, Any]) -> tuple[str, dict]:
    """The player's details: from the club roster or the rating list when picked there (those win
    over anything typed), else as typed. A typed FIDE id found in the list takes the list's rating."""
    if roster_id:
        player = (
            RosterPlayer.objects.filter(club_id=event.club_id, pk=roster_id).first()
            if event.club_id and str(roster_id).isdigit()
            else None
        )
        if player is None:
            raise ValidationFailed(_("That player is not on the club's roster."))
        title = (player.title or "").upper()
        return Entry.Source.ROSTER, {
            **fields,
            "name": player.name,
            "rating": player.rating or 0,
            "title": title if title in TITLES else "",
            "federation": player.federation,
            "fide_id": str(player.fide_id or ""),
            "club_name": player.club_name or (event.club.name if event.club else ""),
            "birth_year": player.birth_year or fields.get("birth_year"),
        }
    pick = str(fide_pick or fields.get("fide_id") or "").strip()
    rated = (
        rated_player_get(fide_id=int(pick)) if pick.isascii() and pick.isdigit() and len(pick) < 13 else None
    )
    if fide_pick and rated is None:
        raise ValidationFailed(
            _("No player with FIDE id %(fide_id)s in the rating list.") % {"fide_id": fide_pick}
        )
    if rated is None:
        return Entry.Source.TYPED, fields
    title = (rated.best_title or "").upper()
    return (Entry.Source.RATING_LIST if fide_pick else Entry.Source.TYPED), {
        **fields,
        "name": rated.name if fide_pick else fields.get("name") or rated.name,
        "rating": rated.standard_rating or 0,
        "title": title if title in TITLES else "",
        "federation": rated.federation or fields.get("federation", ""),
        "fide_id": str(rated.fide_id),
        "birth_year": rated.birth_year or fields.get("birth_year"),
    }


def _already_entered(event: Event, values: dict[str, Any]) -> str | None:
    key = same_name_key(values["name"])
    live = Entry.objects.filter(event=event, status__in=Entry.LIVE)
    if values["fide_id"] and live.filter(fide_id=values["fide_id"]).exists():
        return _("FIDE id %(fide_id)s has already entered this event.") % {"fide_id": values["fide_id"]}
    if live.filter(name_key=key).exists():
        return _("%(name)s has already entered this event.") % {"name": values["name"]}
    desk = Participant.objects.filter(tournament__event=event)
    if values["fide_id"] and desk.filter(fide_id=values["fide_id"]).exists():
        return _("FIDE id %(fide_id)s is already registered in this event.") % {"fide_id": values["fide_id"]}
    for name in desk.values_list("name", flat=True).iterator():
        if same_name_key(name) == key:
            return _("%(name)s is already registered in this event.") % {"name": values["name"]}
    return None


def _place_in(section: Tournament, rules: SectionEntrySettings) -> str | None:
    """``pending`` or ``waiting``, or ``None`` when the section and its waiting list are full."""
    if rules.max_players is None:
        return Entry.Status.PENDING
    taken = (
        Participant.objects.filter(tournament=section).count()
        + Entry.objects.filter(section=section, status=Entry.Status.PENDING).count()
    )
    if taken < rules.max_players:
        return Entry.Status.PENDING
    waiting = Entry.objects.filter(section=section, status=Entry.Status.WAITING).count()
    if rules.max_waiting is not None and waiting >= rules.max_waiting:
        return None
    return Entry.Status.WAITING


def entry_submit(
    *,
    event: Event,
    address: str,
    section: Tournament | int | None,
    email: str,
    honeypot: str = "",
    roster_id: Any = None,
    fide_pick: Any = None,
    **fields: Any,
) -> Submitted:
    """One player's entry through the public form (see the module docstring)."""
    limit = getattr(settings, "ENTRIES_RATE_LIMIT", DEFAULT_RATE_LIMIT)
    if count_in_window(f"entries-rate:{event.pk}:{address}", RATE_WINDOW_SECONDS) > limit:
        raise EntryRateLimited(_("Too many entries from your connection: try again in an hour."))
    if honeypot:
        # A field people never see: only robots fill it. Say no more than that it failed.
        raise ValidationFailed(_("Your entry could not be accepted. Please try again."))
    rules = settings_for(event)
    if not form_is_open(rules):
        raise ValidationFailed(_("Entries for %(event)s are closed.") % {"event": event.name})
    chosen = (
        event.sections.filter(pk=getattr(section, "pk", section)).first()
        if str(getattr(section, "pk", section) or "").isdigit()
        else None
    )
    if chosen is None:
        raise ValidationFailed(_("Choose a section."), errors={"section": [_("Choose a section.")]})
    section_rules = section_settings(chosen)
    if not section_rules.open:
        raise ValidationFailed(_("Entries to %(section)s are closed.") % {"section": chosen.name})
    source, raw = _picked_fields(event, roster_id, fide_pick, fields)
    values, errors = clean_participant_fields({**raw, "email": email})
    if not values["email"]:
        errors.append(_("Give your e-mail address: your personal link is sent there."))
    if errors:
        raise ValidationFailed(" ".join(errors))
    age = age_in(event, values["birth_year"])
    if not section_admits(chosen, values["rating"], age):
        raise ValidationFailed(
            _("%(section)s does not admit a player rated %(rating)s%(age)s: choose another section.")
            % {
                "section": chosen.name,
                "rating": values["rating"],
                "age": _(" aged %(age)s") % {"age": age} if age is not None and chosen.max_age else "",
            }
        )
    token = token_new()
    try:
        with transaction.atomic():
            # One entry at a time per event: the duplicate and capacity checks see each other.
            Event.objects.select_for_update().filter(pk=event.pk).values_list("pk").first()
            duplicate = _already_entered(event, values)
            if duplicate:
                raise ValidationFailed(duplicate)
            status = _place_in(chosen, section_rules)
            if status is None:
                raise ValidationFailed(
                    _("%(section)s is full and so is its waiting list.") % {"section": chosen.name}
                )
            owed, reduction = fee_owed(
                section_rules.fee_cents, reductions_of(event), age=age, title=values["title"]
            )
            entry = Entry.objects.create(
                event=event,
                section=chosen,
                status=status,
                source=source,
                name_key=same_name_key(values["name"]),
                token_hash=token_hash(token),
                hint=token_hint(token),
                fee_cents=owed,
                reduction=reduction,
                **{k: values[k] for k in ("name", "rating", "title", "federation", "fide_id", "club_name")},
                birth_year=values["birth_year"],
                email=values["email"],
            )
            if status == Entry.Status.PENDING and rules.auto_accept and rules.acting_user_id:
                try:
                    with transaction.atomic():
                        _register(entry, rules.acting_user)
                except ServiceError as exc:  # left for the organiser, with the reason
                    entry.refusal = exc.message[:300]
                    entry.save(update_fields=["refusal"])
    except IntegrityError:  # two tabs sending the same player at once: the constraint held
        raise ValidationFailed(
            _("%(name)s has already entered this event.") % {"name": values["name"]}
        ) from None
    return Submitted(entry, token)


def _register(entry: Entry, user: Any) -> None:
    done = event_register(
        event=entry.event,
        user=user,
        section=entry.section,
        name=entry.name,
        rating=entry.rating,
        title=entry.title,
        federation=entry.federation,
        fide_id=entry.fide_id,
        club_name=entry.club_name,
        email=entry.email,
        birth_year=entry.birth_year,
    )
    entry.participant = done.participant
    entry.status = Entry.Status.ACCEPTED
    entry.refusal = ""
    entry.decided_at = timezone.now()
    entry.decided_by = user if getattr(user, "is_authenticated", False) else None
    entry.save(update_fields=["participant", "status", "refusal", "decided_at", "decided_by"])


def _require_staff(user: Any, event: Event) -> None:
    if not can_arbitrate_event(user, event):
        raise NotAllowedError(_("Only the event's organisers and chief arbiter can answer entries."))


def entry_accept(*, entry: Entry, user: Any) -> Entry:
    """Register the entry's player in its section (a waiting entry only once there is room)."""
    _require_staff(user, entry.event)
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=entry.event_id).values_list("pk").first()
        locked = Entry.objects.select_for_update().select_related("event", "section").get(pk=entry.pk)
        if locked.status not in (Entry.Status.PENDING, Entry.Status.WAITING):
            raise ValidationFailed(
                _("%(name)s's entry is already %(status)s.")
                % {"name": locked.name, "status": locked.get_status_display().lower()}
            )
        rules = section_settings(locked.section)
        if locked.status == Entry.Status.WAITING and rules.max_players is not None:
            taken = (
                Participant.objects.filter(tournament=locked.section).count()
                + Entry.objects.filter(section=locked.section, status=Entry.Status.PENDING).count()
            )
            if taken >= rules.max_players:
                raise ValidationFailed(
                    _("%(section)s is full (%(max)s players): raise its maximum first.")
                    % {"section": locked.section.name, "max": rules.max_players}
                )
        _register(locked, user)
        transaction.on_commit(lambda: _mail_decision(locked), robust=True)
    return locked


def entry_refuse(*, entry: Entry, user: Any, reason: str = "") -> Entry:
    _require_staff(user, entry.event)
    with transaction.atomic():
        locked = Entry.objects.select_for_update().get(pk=entry.pk)
        if locked.status == Entry.Status.ACCEPTED:
            raise ValidationFailed(
                _("%(name)s is registered: withdraw them at the desk instead.") % {"name": locked.name}
            )
        locked.status = Entry.Status.REFUSED
        locked.refusal = reason.strip()[:300]
        locked.decided_at = timezone.now()
        locked.decided_by = user
        locked.save(update_fields=["status", "refusal", "decided_at", "decided_by"])
        transaction.on_commit(lambda: _mail_decision(locked), robust=True)
    return locked


def _mail_decision(entry: Entry) -> None:
    """Tell the player the organiser's answer, in the section's language for mails to players
    (after the commit: a decision rolled back mails nothing). Their personal link is in the first
    mail; only its hash is kept, so this one points back to it."""
    section = Tournament.objects.select_related("event").get(pk=entry.section_id)
    with translation.override(section.language or settings.LANGUAGE_CODE):
        if entry.status == Entry.Status.ACCEPTED:
            subject = _("Entry accepted: %(event)s") % {"event": section.event.name}
            body = _(
                "Hello %(name)s,\n\nYour entry for %(section)s is accepted: you are on the list of "
                "players. Check in before the first round through the personal link of our first mail.\n"
            ) % {"name": entry.name, "section": section.name}
        else:
            subject = _("Entry not accepted: %(event)s") % {"event": section.event.name}
            body = _("Hello %(name)s,\n\nYour entry for %(section)s could not be accepted.\n") % {
                "name": entry.name,
                "section": section.name,
            }
            if entry.refusal:
                body += _("The organiser's reason: %(reason)s\n") % {"reason": entry.refusal}
    try:
        send_mail(subject, body, None, [entry.email])
    except Exception:  # a mail server down must not undo the decision; the player's page shows it
        logger.exception("Entry %s: the decision mail could not be sent", entry.pk)


def entry_mail_link(*, entry: Entry, link: str) -> bool:
    """Mail the player their personal link (after the entry is saved); False if it failed."""
    subject = _("Your entry: %(event)s") % {"event": entry.event.name}
    body = _(
        "Hello %(name)s,\n\nWe have your entry for %(section)s (%(status)s).\n\n"
        "Your personal page (keep this link to yourself): see your entry, your fee, and check in "
        "before the rounds:\n%(link)s\n"
    ) % {
        "name": entry.name,
        "section": entry.section.name,
        "status": entry.get_status_display(),
        "link": link,
    }
    try:
        send_mail(subject, body, None, [entry.email])
    except Exception:  # a mail server down must not lose the entry; the page shows the link too
        logger.exception("Entry %s: the confirmation mail could not be sent", entry.pk)
        return False
    return True
