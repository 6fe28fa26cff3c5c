"""Reads for the entry pages: the form's sections, a player's page, the organiser's lists, the
treasurer's table, each section's check-in, and the notes the staff pages show through hooks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Sum
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.selectors import roster_search
from entries.models import CheckIn, Entry, EntrySettings, Payment, SectionEntrySettings
from entries.services.checkin import check_in_round, checked_in_ids, expected, rule_of
from entries.services.entries import form_is_open, settings_for
from entries.tokens import token_hash
from ratings.selectors import rated_player_search
from tournaments.models import Event, Participant, Round, Tournament

SEARCH_LIMIT = 8


@dataclass
class SectionOffer:
    section: Tournament
    rules: SectionEntrySettings
    taken: int
    waiting: int

    @property
    def full(self) -> bool:
        return self.rules.max_players is not None and self.taken >= self.rules.max_players


def section_offers(event: Event) -> list[SectionOffer]:
    sections = list(event.sections.order_by("section_order", "pk"))
    rules = {r.section_id: r for r in SectionEntrySettings.objects.filter(section__in=sections)}
    offers = []
    for s in sections:
        taken = (
            Participant.objects.filter(tournament=s).count()
            + Entry.objects.filter(section=s, status=Entry.Status.PENDING).count()
        )
        waiting = Entry.objects.filter(section=s, status=Entry.Status.WAITING).count()
        offers.append(SectionOffer(s, rules.get(s.pk) or SectionEntrySettings(section=s), taken, waiting))
    return offers


def entry_candidates(event: Event, query: str) -> tuple[list[Any], list[Any]]:
    """(roster players of the event's club, players of the FIDE list) matching ``query``."""
    query = query.strip()[:60]
    if len(query) < 2:
        return [], []
    roster = roster_search(club=event.club, query=query, limit=SEARCH_LIMIT) if event.club_id else []
    return roster, rated_player_search(query=query, limit=SEARCH_LIMIT)


def entry_for_token(token: str) -> Entry | None:
    if not token:
        return None
    return (
        Entry.objects.select_related("event", "section", "participant__tournament")
        .filter(token_hash=token_hash(token))
        .first()
    )


@dataclass
class PlayerPage:
    entry: Entry
    paid_cents: int
    check_in_round: int | None
    checked_in: bool
    absent: bool
    """Not expected in the check-in round (a bye, an absence recorded by the arbiter, withdrawn)."""
    currency: str

    @property
    def due_cents(self) -> int:
        return max(self.entry.fee_cents - self.paid_cents, 0)


def player_page(entry: Entry) -> PlayerPage:
    paid = Payment.objects.filter(entry=entry).aggregate(s=Sum("amount_cents"))["s"] or 0
    number = checked = None
    absent = False
    participant = entry.participant
    if participant is not None and entry.status == Entry.Status.ACCEPTED:
        number = check_in_round(participant.tournament)
        if number is not None:
            checked = participant.pk in checked_in_ids(participant.tournament, number)
            absent = participant.pk not in {p.pk for p in expected(participant.tournament, number)}
    return PlayerPage(entry, paid, number, bool(checked), absent, settings_for(entry.event).currency)


def entries_of(event: Event) -> dict[str, list[Entry]]:
    found: dict[str, list[Entry]] = {s: [] for s in Entry.Status.values}
    for entry in Entry.objects.filter(event=event).select_related("section", "participant"):
        found[entry.status].append(entry)
    return found


@dataclass
class FeeRow:
    entry: Entry
    paid_cents: int
    methods: str

    @property
    def due_cents(self) -> int:
        return self.entry.fee_cents - self.paid_cents


@dataclass
class FeeTable:
    rows: list[FeeRow] = field(default_factory=list)
    owed_cents: int = 0
    paid_cents: int = 0
    by_method: dict[str, int] = field(default_factory=dict)
    desk_players: int = 0
    """Players of the event's sections with no row yet (registered at the desk, by CSV...)."""

    @property
    def due_cents(self) -> int:
        return self.owed_cents - self.paid_cents


def fee_table(event: Event) -> FeeTable:
    table = FeeTable()
    payments: dict[int, list[Payment]] = {}
    for payment in Payment.objects.filter(entry__event=event):
        payments.setdefault(payment.entry_id, []).append(payment)
        label = payment.get_method_display()
        table.by_method[label] = table.by_method.get(label, 0) + payment.amount_cents
    accepted = Entry.objects.filter(event=event, status=Entry.Status.ACCEPTED).select_related("section")
    for entry in accepted.order_by("section__section_order", "name"):
        paid = payments.get(entry.pk, [])
        row = FeeRow(
            entry,
            sum(p.amount_cents for p in paid),
            ", ".join(sorted({p.get_method_display() for p in paid})),
        )
        table.rows.append(row)
        table.owed_cents += entry.fee_cents
        table.paid_cents += row.paid_cents
    table.desk_players = Participant.objects.filter(tournament__event=event, entry__isnull=True).count()
    return table


@dataclass
class CheckInRow:
    participant: Participant
    check_in: CheckIn | None
    absent_recorded: bool


@dataclass
class CheckInView:
    section: Tournament
    number: int | None
    rule: str
    rows: list[CheckInRow]
    round: Round | None
    missing_from_draft: list[str]
    """Checked in, but the draft was made without them: pair the round again."""

    @property
    def here(self) -> int:
        return sum(1 for r in self.rows if r.check_in is not None)


def section_check_in(section: Tournament) -> CheckInView:
    from tournaments.models import Board, RoundBye

    rule = rule_of(section.event_id)
    number = check_in_round(section)
    if number is None:
        return CheckInView(section, None, rule, [], None, [])
    people = expected(section, number)
    here = checked_in_ids(section, number, rule)
    own = {
        c.participant_id: c
        for c in CheckIn.objects.filter(participant__tournament=section, round_number=number)
    }
    if rule == EntrySettings.CheckInRule.ONCE:
        for c in CheckIn.objects.filter(participant__tournament=section, round_number__lt=number):
            own.setdefault(c.participant_id, c)
    absent = set(
        RoundBye.objects.filter(
            tournament=section, round_number=number, kind=RoundBye.Kind.ABSENT
        ).values_list("participant_id", flat=True)
    )
    rows = [CheckInRow(p, own.get(p.pk) if p.pk in here else None, p.pk in absent) for p in people]
    rnd = Round.objects.filter(tournament=section, number=number).first()
    missing: list[str] = []
    if rnd is not None and rnd.status == Round.Status.DRAFT:
        on_boards = set(Board.objects.filter(round=rnd).values_list("white_id", flat=True)) | set(
            Board.objects.filter(round=rnd).values_list("black_id", flat=True)
        )
        byes = set(
            RoundBye.objects.filter(tournament=section, round_number=number).values_list(
                "participant_id", flat=True
            )
        )
        missing = [
            r.participant.name for r in rows if r.check_in and r.participant.pk not in on_boards | byes
        ]
    return CheckInView(section, number, rule, rows, rnd, missing)


def desk_rows(event: Event, query: str = "") -> list[tuple[Tournament, int, list[CheckInRow]]]:
    """Every section checking in now, with its players (filtered by ``query``) for the tablet."""
    from tournaments.text import same_name_key

    wanted = same_name_key(query.strip())
    found = []
    for section in event.sections.order_by("section_order", "pk"):
        view = section_check_in(section)
        if view.number is None:
            continue
        rows = [r for r in view.rows if not wanted or wanted in same_name_key(r.participant.name)]
        found.append((section, view.number, rows))
    return found


def rounds_note(tournament: Tournament) -> tuple[str, str] | None:
    """The rounds page's line: how many have checked in, what pairing will do about the others."""
    view = section_check_in(tournament)
    if view.number is None:
        return None
    url = reverse("entries:check_in", kwargs={"tournament_id": tournament.pk})
    if view.missing_from_draft:
        return (
            ngettext(
                "%(names)s checked in after round %(number)s was paired: pair it again to include them.",
                "%(names)s checked in after round %(number)s was paired: pair it again to include them.",
                len(view.missing_from_draft),
            )
            % {"names": ", ".join(view.missing_from_draft), "number": view.number},
            url,
        )
    here = sum(1 for r in view.rows if r.check_in is not None)
    others = len(view.rows) - here
    text = _("Check-in for round %(number)s: %(here)s of %(total)s here.") % {
        "number": view.number,
        "here": here,
        "total": len(view.rows),
    }
    if others:
        text += " " + ngettext(
            "The %(count)s other is marked absent when you pair.",
            "The %(count)s others are marked absent when you pair.",
            others,
        ) % {"count": others}
    return text, url


def event_links(event: Any) -> list[tuple[str, str]]:
    return [
        (_("Online entries"), reverse("entries:manage", kwargs={"event_id": event.pk})),
        (_("Entry fees"), reverse("entries:fees", kwargs={"event_id": event.pk})),
    ]


def form_state(event: Event) -> tuple[EntrySettings, bool]:
    rules = settings_for(event)
    return rules, form_is_open(rules)
