"""Every write of a prize list (a section's, or a whole event's with ``event=``): its rules, its groups (with their prizes by place) added, changed,
moved up or down and removed, and the players flagged for the women's prizes. Organisers only (the
section's, or the event's); an archived tournament refuses every change. Each write bumps the list's version and is audited."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils.translation import gettext as _

from core.errors import ValidationFailed
from prizes.models import Prize, PrizeEligibility, PrizeGroup, PrizeList
from tournaments.models import Event, Participant, Tournament
from tournaments.permissions import require_event_organiser, require_organiser
from tournaments.services.audit import audit_record

MAX_GROUPS = 40
MAX_PRIZES = 60


@dataclass(frozen=True)
class PrizeRow:
    """One place's prize as typed: money in cents, an object, what the object is worth."""

    cents: int = 0
    item: str = ""
    item_cents: int = 0


def _locked_list(tournament: Tournament | None, event: Event | None, user: Any) -> PrizeList:
    """The section's (or the event's) prize list, made on first change, its row locked, after the
    role check."""
    if tournament is not None:
        require_organiser(user, tournament, to=_("change the prize list"))
        owner: dict[str, Any] = {"tournament": tournament}
    elif event is not None:
        require_event_organiser(user, event, to=_("change the prize list"))
        owner = {"event": event}
    else:
        raise TypeError("a prize list belongs to a section or an event")
    PrizeList.objects.get_or_create(**owner)
    return PrizeList.objects.select_for_update().get(**owner)


def _players(tournament: Tournament | None, event: Event | None):  # type: ignore[no-untyped-def]
    if tournament is not None:
        return Participant.objects.filter(tournament=tournament)
    return Participant.objects.filter(tournament__event=event)


def _bump(prize_list: PrizeList) -> None:
    PrizeList.objects.filter(pk=prize_list.pk).update(version=F("version") + 1)


def prize_list_update(
    *,
    tournament: Tournament | None = None,
    event: Event | None = None,
    user: Any,
    sharing: str,
    precedence: str,
    one_prize_per_player: bool,
    unit_cents: int,
    currency: str = "EUR",
    public: bool = True,
    notes: str = "",
) -> PrizeList:
    """Save the list's rules: how money of players level on points is shared, which prize a player
    keeps when they win two, the rounding unit, the currency, whether players see the list."""
    if sharing not in PrizeList.Sharing.values:
        raise ValidationFailed(_("Unknown sharing rule."))
    if precedence not in PrizeList.Precedence.values:
        raise ValidationFailed(_("Unknown rule for a player who wins two prizes."))
    if unit_cents <= 0:
        raise ValidationFailed(_("The rounding unit must be more than zero."))
    currency = (currency or "EUR").strip().upper()
    if len(currency) != 3 or not currency.isalpha():
        raise ValidationFailed(_("The currency is a three-letter code such as EUR."))
    with transaction.atomic():
        found = _locked_list(tournament, event, user)
        before = _rules(found)
        found.sharing, found.precedence = sharing, precedence
        found.one_prize_per_player, found.unit_cents = one_prize_per_player, unit_cents
        found.currency, found.public, found.notes = currency, public, notes.strip()[:500]
        found.save()
        _bump(found)
        audit_record(
            tournament=tournament,
            user=user,
            action="prizes.rules",
            obj=found,
            before=before,
            after=_rules(found),
        )
    return found


def _rules(found: PrizeList) -> dict[str, Any]:
    return {
        "sharing": found.sharing,
        "precedence": found.precedence,
        "one_prize_per_player": found.one_prize_per_player,
        "unit_cents": found.unit_cents,
        "currency": found.currency,
        "public": found.public,
    }


def _check_group(kind: str, fields: dict[str, Any], prizes: list[PrizeRow]) -> None:
    if kind not in PrizeGroup.Kind.values:
        raise ValidationFailed(_("Unknown kind of group."))
    if kind == PrizeGroup.Kind.RATING and not (fields.get("rating_min") or fields.get("rating_below")):
        raise ValidationFailed(_("A rating band needs a lowest rating, a rating to stay below, or both."))
    low, below = fields.get("rating_min"), fields.get("rating_below")
    if kind == PrizeGroup.Kind.RATING and low and below and below <= low:
        raise ValidationFailed(_("The band's upper limit must be above its lowest rating."))
    if kind in (PrizeGroup.Kind.UNDER, PrizeGroup.Kind.SENIORS) and not fields.get("age"):
        raise ValidationFailed(_("Give the age of the group."))
    if kind == PrizeGroup.Kind.CLUB and not (fields.get("club_name") or "").strip():
        raise ValidationFailed(_("Name the club."))
    if kind == PrizeGroup.Kind.BEST_CLUB and not fields.get("club_count"):
        raise ValidationFailed(_("Say how many players of each club count."))
    if len(prizes) > MAX_PRIZES:
        raise ValidationFailed(_("At most %(count)s prizes in a group.") % {"count": MAX_PRIZES})
    for row in prizes:
        if row.cents < 0 or row.item_cents < 0:
            raise ValidationFailed(_("A prize cannot be worth less than nothing."))
        if not row.cents and not row.item.strip():
            raise ValidationFailed(_("Each prize is an amount, an object, or both."))


GROUP_FIELDS = ("rating_min", "rating_below", "include_unrated", "age", "club_name", "club_count")


def prize_group_save(
    *,
    tournament: Tournament | None = None,
    event: Event | None = None,
    user: Any,
    name: str,
    kind: str,
    prizes: list[PrizeRow],
    group_id: int | None = None,
    **fields: Any,
) -> PrizeGroup:
    """Add a group at the end of the list (``group_id`` None) or change one; its prizes are
    replaced by ``prizes``, for places 1, 2, 3 ... in order.

    Raises ``ValidationFailed`` for a group that cannot be read (a band with no limit, an age
    group with no age); nothing is saved then.
    """
    unknown = set(fields) - set(GROUP_FIELDS)
    if unknown:
        raise TypeError(f"unknown group fields {sorted(unknown)}")
    _check_group(kind, fields, prizes)
    name = name.strip()[:80] or str(PrizeGroup.Kind(kind).label)
    with transaction.atomic():
        found = _locked_list(tournament, event, user)
        if group_id is None:
            if found.groups.count() >= MAX_GROUPS:
                raise ValidationFailed(_("At most %(count)s groups in a list.") % {"count": MAX_GROUPS})
            last = found.groups.order_by("-order").values_list("order", flat=True).first() or 0
            group = PrizeGroup(prize_list=found, order=last + 1)
            before = None
        else:
            group = PrizeGroup.objects.filter(prize_list=found, pk=group_id).first()
            if group is None:
                raise ValidationFailed(_("This group is no longer in the list."))
            before = _group_state(group)
        group.name, group.kind = name, kind
        group.rating_min = fields.get("rating_min") if kind == PrizeGroup.Kind.RATING else None
        group.rating_below = fields.get("rating_below") if kind == PrizeGroup.Kind.RATING else None
        group.include_unrated = bool(fields.get("include_unrated")) and kind == PrizeGroup.Kind.RATING
        group.age = fields.get("age") if kind in (PrizeGroup.Kind.UNDER, PrizeGroup.Kind.SENIORS) else None
        group.club_name = (
            (fields.get("club_name") or "").strip()[:100] if kind == PrizeGroup.Kind.CLUB else ""
        )
        group.club_count = fields.get("club_count") if kind == PrizeGroup.Kind.BEST_CLUB else None
        group.save()
        group.prizes.all().delete()
        Prize.objects.bulk_create(
            Prize(
                group=group,
                place=place,
                cents=row.cents,
                item=row.item.strip()[:100],
                item_cents=row.item_cents,
            )
            for place, row in enumerate(prizes, start=1)
        )
        _bump(found)
        audit_record(
            tournament=tournament,
            user=user,
            action="prizes.group_add" if before is None else "prizes.group_change",
            obj=group,
            before=before,
            after=_group_state(group),
        )
    return group


def _group_state(group: PrizeGroup) -> dict[str, Any]:
    return {
        "name": group.name,
        "kind": group.kind,
        "order": group.order,
        **{f: getattr(group, f) for f in GROUP_FIELDS},
        "prizes": [[p.cents, p.item, p.item_cents] for p in group.prizes.order_by("place")],
    }


def prize_group_move(
    *, tournament: Tournament | None = None, event: Event | None = None, user: Any, group_id: int, up: bool
) -> None:
    """Move a group one step up (higher priority) or down the list."""
    with transaction.atomic():
        found = _locked_list(tournament, event, user)
        groups = list(found.groups.order_by("order", "pk"))
        index = next((i for i, g in enumerate(groups) if g.pk == group_id), None)
        if index is None:
            raise ValidationFailed(_("This group is no longer in the list."))
        other = index - 1 if up else index + 1
        if not 0 <= other < len(groups):
            return
        groups[index], groups[other] = groups[other], groups[index]
        for order, group in enumerate(groups, start=1):
            group.order = order
        PrizeGroup.objects.bulk_update(groups, ["order"])
        _bump(found)
        audit_record(
            tournament=tournament,
            user=user,
            action="prizes.group_move",
            obj=groups[other],
            after={"order": [g.name for g in groups]},
        )


def prize_group_delete(
    *, tournament: Tournament | None = None, event: Event | None = None, user: Any, group_id: int
) -> None:
    with transaction.atomic():
        found = _locked_list(tournament, event, user)
        group = PrizeGroup.objects.filter(prize_list=found, pk=group_id).first()
        if group is None:
            raise ValidationFailed(_("This group is no longer in the list."))
        before = _group_state(group)
        audit_record(tournament=tournament, user=user, action="prizes.group_delete", obj=group, before=before)
        group.delete()
        _bump(found)


def women_eligibility_set(
    *, tournament: Tournament | None = None, event: Event | None = None, user: Any, participant_ids: set[int]
) -> int:
    """Flag exactly ``participant_ids`` (players of this section, or of the event) for the women's
    prizes, and no other player of it; the number flagged."""
    with transaction.atomic():
        found = _locked_list(tournament, event, user)
        ids = set(_players(tournament, event).filter(pk__in=participant_ids).values_list("pk", flat=True))
        if ids != set(participant_ids):
            raise ValidationFailed(_("A player ticked is not in this tournament."))
        before = sorted(
            PrizeEligibility.objects.filter(
                participant__in=_players(tournament, event), women=True
            ).values_list("participant_id", flat=True)
        )
        PrizeEligibility.objects.filter(participant__in=_players(tournament, event)).exclude(
            participant_id__in=ids
        ).delete()
        for pid in ids:
            PrizeEligibility.objects.update_or_create(participant_id=pid, defaults={"women": True})
        # The flags are the players': the section's list and the event's both read them.
        the_event = event if event is not None else tournament.event  # type: ignore[union-attr]
        PrizeList.objects.filter(Q(tournament__event=the_event) | Q(event=the_event)).update(
            version=F("version") + 1
        )
        audit_record(
            tournament=tournament,
            user=user,
            action="prizes.women",
            obj=found,
            before=before,
            after=sorted(ids),
        )
    return len(ids)
