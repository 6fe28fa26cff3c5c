"""The event's pages show its team competitions through the hooks they offer
(``tournaments.views.hooks``; the event pages never import this app, ``TeamsConfig.ready()`` registers
these): the staff page lists them (name, format, teams, rounds paired of planned) with a button for a
new one, the public page links each one's public standings among the sections."""

from __future__ import annotations

from django.db.models import Count, Q
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Event
from tournaments.views.hooks import EventListing, EventListingRow

from .models import TeamCompetition, TeamRound


def _competitions(event: Event) -> list[TeamCompetition]:
    return list(
        TeamCompetition.objects.filter(event=event)
        .annotate(
            team_count=Count("teams", distinct=True),
            paired=Count("team_rounds", distinct=True),
            published=Count(
                "team_rounds", filter=Q(team_rounds__status=TeamRound.Status.PUBLISHED), distinct=True
            ),
        )
        .order_by("pk")
    )


def _rounds_text(paired: int, planned: int) -> str:
    return (
        _("round %(number)s of %(total)s") % {"number": paired, "total": planned}
        if paired
        else _("not started")
    )


def event_listing(event: Event) -> EventListing:
    """The staff event page's table of the event's team competitions."""
    rows = tuple(
        EventListingRow(
            name=c.name,
            url=reverse("teams:competition", kwargs={"competition_id": c.pk}),
            cells=(
                c.get_format_display(),
                ngettext("%(count)s team", "%(count)s teams", c.team_count) % {"count": c.team_count},
                _rounds_text(c.paired, c.rounds),
            ),
        )
        for c in _competitions(event)
    )
    return EventListing(
        key="team-competitions",
        title=_("Team competitions"),
        columns=(_("Team competition"), _("Format"), _("Teams"), _("Round")),
        rows=rows,
        empty=_("No team competition yet."),
        add=(_("New team competition"), reverse("teams:new", kwargs={"event_id": event.pk})),
    )


def public_event_rows(event: Event) -> list[EventListingRow]:
    """The public event page's entries: each team competition's public standings, with how far it is
    (the published rounds only: a draft is not public)."""
    return [
        EventListingRow(
            name=c.name,
            url=reverse("teams:public", args=[c.public_token]),
            cells=(
                c.get_format_display(),
                ngettext("%(count)s team", "%(count)s teams", c.team_count) % {"count": c.team_count},
                _rounds_text(c.published, c.rounds),
            ),
        )
        for c in _competitions(event)
    ]
