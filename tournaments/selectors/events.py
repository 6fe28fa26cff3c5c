"""Reads for the event pages: the sections with their counts and current round, the event's staff,
the entries a move may pick from, and the events a user or a club has."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, Q, QuerySet

from tournaments.models import Event, EventRole, Participant, Round, Tournament
from tournaments.permissions import sections_for, visible_tournaments


@dataclass(frozen=True, slots=True)
class SectionRow:
    section: Tournament
    players: int
    current_round: int
    """The last published round's number, 0 before round 1."""


def section_rows(sections: QuerySet[Tournament]) -> list[SectionRow]:
    """Each section with its player count and last published round (two queries)."""
    annotated = sections.annotate(
        players=Count("participants", distinct=True),
    ).order_by("section_order", "pk")
    published = dict(
        Round.objects.filter(tournament__in=[s.pk for s in annotated], published_at__isnull=False)
        .values("tournament")
        .annotate(last=Max("number"))
        .values_list("tournament", "last")
    )
    return [SectionRow(s, s.players, published.get(s.pk, 0)) for s in annotated]


def event_sections(user: Any, event: Event) -> list[SectionRow]:
    """The sections the user may open (all of them for the event's staff, a deputy's own)."""
    return section_rows(sections_for(user, event))


def event_staff(event: Event) -> list[EventRole]:
    return list(
        EventRole.objects.filter(event=event).select_related("user").order_by("role", "user__username")
    )


def movable_entries(event: Event, sections: list[Tournament]) -> list[Participant]:
    """Entries of sections not yet started (round 1 not paired), for the move form."""
    started = set(Round.objects.filter(tournament__event=event).values_list("tournament_id", flat=True))
    ids = [s.pk for s in sections if s.pk not in started]
    return list(
        Participant.objects.filter(tournament_id__in=ids).select_related("tournament").order_by("name")
    )


def events_for_user(user: Any) -> list[Event]:
    """Events of more than one section the user works in (the home page lists them apart)."""
    ids = visible_tournaments(user).values("event_id")
    return list(
        Event.objects.filter(Q(pk__in=ids) | Q(roles__user=user) if user.is_authenticated else Q(pk__in=[]))
        .annotate(n_sections=Count("sections", distinct=True))
        .filter(Q(n_sections__gt=1) | Q(n_sections=0))
        .distinct()
        .order_by("-start_date", "-created_at")
    )


def club_events(club: Any) -> list[Event]:
    """A club's events, newest first, with their sections (public: names and links only)."""
    return list(
        Event.objects.filter(club=club).prefetch_related("sections").order_by("-start_date", "-created_at")
    )
