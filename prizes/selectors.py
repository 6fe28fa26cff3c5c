"""Reads of a prize list, ready to display: the list as players see it beforehand (who may enter
each group, its prizes), the problems the engine's check finds in it against the registered field,
and the winners from the final standings (the one standings read model) with the arithmetic of
every shared amount, in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.core.cache import cache
from django.db.models import Prefetch
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.cache import CACHE_SECONDS
from pairing.engine.errors import InvalidRequestError
from pairing.engine.prizes import (
    Award,
    Criterion,
    Entrant,
    Precedence,
    PrizeRules,
    Sharing,
    allocate_prizes,
    check_prize_rules,
    club_standings,
    format_cents,
)
from pairing.engine.prizes import Prize as EnginePrize
from pairing.engine.prizes import PrizeGroup as EngineGroup
from pairing.standings import placings, standings_for_tournament
from prizes.models import PrizeEligibility, PrizeGroup, PrizeList
from tournaments.models import Event, Participant, Tournament
from tournaments.scores import format_points


def money(cents: int | Fraction, currency: str = "") -> str:
    """150.00 EUR: plain, the same in every language (the treasurer's CSV reads it back)."""
    return f"{format_cents(cents)} {currency}".strip()


Owner = Tournament | Event
"""A prize list belongs to a section (a tournament) or to a whole event (its sections pooled)."""


def _owned(owner: Owner) -> dict[str, Owner]:
    return {"event": owner} if isinstance(owner, Event) else {"tournament": owner}


def _players(owner: Owner):  # type: ignore[no-untyped-def]
    if isinstance(owner, Event):
        return Participant.objects.filter(tournament__event=owner)
    return Participant.objects.filter(tournament=owner)


def prize_list_of(tournament: Owner) -> PrizeList | None:
    """The section's (or event's) prize list with its groups and their prizes (three queries), or None."""
    return (
        PrizeList.objects.filter(**_owned(tournament))
        .prefetch_related(
            Prefetch("groups", queryset=PrizeGroup.objects.order_by("order", "pk").prefetch_related("prizes"))
        )
        .first()
    )


def prize_year(tournament: Owner) -> int:
    """The year ages are counted in: the section's start, else the event's, else this year."""
    start = tournament.start_date
    if start is None and isinstance(tournament, Tournament):
        start = tournament.event.start_date
    return start.year if start else timezone.localdate().year


# --- The list as players read it --------------------------------------------------------------


@dataclass(frozen=True)
class PrizeLine:
    place: int
    money: str
    item: str


@dataclass(frozen=True)
class GroupView:
    group: PrizeGroup
    who: str
    """Who may enter the group, in words."""
    prizes: list[PrizeLine]
    total: str


@dataclass(frozen=True)
class ListView:
    prize_list: PrizeList
    groups: list[GroupView]
    total_cents: int
    total: str
    rules: list[str]
    """The list's rules in words: sharing, one prize per player, rounding."""


def who_may_enter(group: PrizeGroup, year: int) -> str:
    kind = group.kind
    if kind == PrizeGroup.Kind.OVERALL:
        return _("Everybody")
    if kind == PrizeGroup.Kind.RATING:
        low, below = group.rating_min, group.rating_below
        if low and below:
            text = _("Rated %(low)s to %(high)s") % {"low": low, "high": below - 1}
        elif low:
            text = _("Rated %(low)s and above") % {"low": low}
        else:
            text = _("Rated below %(below)s") % {"below": below}
        if group.include_unrated and below:
            text += _(", unrated players included")
        return text
    if kind == PrizeGroup.Kind.UNRATED:
        return _("Players without a rating")
    if kind == PrizeGroup.Kind.UNDER:
        return _("Under %(age)s: born in %(year)s or later") % {
            "age": group.age,
            "year": year - (group.age or 0) + 1,
        }
    if kind == PrizeGroup.Kind.SENIORS:
        return _("%(age)s and over: born in %(year)s or earlier") % {
            "age": group.age,
            "year": year - (group.age or 0),
        }
    if kind == PrizeGroup.Kind.WOMEN:
        return _("Women (as registered with the organiser)")
    if kind == PrizeGroup.Kind.CLUB:
        return _("Members of %(club)s") % {"club": group.club_name}
    count = group.club_count or 1
    return ngettext(
        "Clubs, by the points of their best player",
        "Clubs, by the points of their %(count)s best players",
        count,
    ) % {"count": count}


def _rules_in_words(found: PrizeList) -> list[str]:
    lines = []
    if found.sharing == PrizeList.Sharing.TIEBREAK:
        lines.append(_("Players level on points do not share: the tie-breaks decide who wins which prize."))
    elif found.sharing == PrizeList.Sharing.EQUAL:
        lines.append(
            _("Players level on points in the prize places of a group share those places' money equally.")
        )
    else:
        lines.append(
            _(
                "Players level on points in the prize places of a group share by the Hort system: each keeps "
                "half of their own place's money, and the other half of those places' money is shared equally."
            )
        )
    if found.one_prize_per_player:
        if found.precedence == PrizeList.Precedence.VALUE:
            lines.append(_("One prize per player: a player who could win two keeps the higher-valued one."))
        else:
            lines.append(
                _("One prize per player: a player who could win two keeps the one of the group listed first.")
            )
    else:
        lines.append(_("A player may win a prize in every group they enter."))
    if found.sharing != PrizeList.Sharing.TIEBREAK:
        lines.append(
            _("Shared amounts are rounded to %(unit)s, and the rounding never changes the total paid.")
            % {"unit": money(found.unit_cents, found.currency)}
        )
    lines.append(_("Objects are never shared; a best-club prize goes to the club."))
    return lines


def list_view(tournament: Owner, found: PrizeList | None = None) -> ListView | None:
    found = found if found is not None else prize_list_of(tournament)
    if found is None:
        return None
    year = prize_year(tournament)
    groups = []
    total = 0
    for group in found.groups.all():
        prizes = list(group.prizes.all())
        cents = sum(p.cents for p in prizes)
        total += cents
        groups.append(
            GroupView(
                group,
                who_may_enter(group, year),
                [
                    PrizeLine(p.place, money(p.cents, found.currency) if p.cents else "", p.item)
                    for p in prizes
                ],
                money(cents, found.currency),
            )
        )
    return ListView(found, groups, total, money(total, found.currency), _rules_in_words(found))


# --- To the engine -----------------------------------------------------------------------------


def _criteria(group: PrizeGroup, year: int) -> tuple[Criterion, ...]:
    kind = group.kind
    if kind == PrizeGroup.Kind.RATING:
        found: list[Criterion] = []
        if group.rating_min:
            found.append(Criterion.rating_at_least(group.rating_min))
        if group.rating_below:
            found.append(Criterion.rating_below(group.rating_below))
        if not group.include_unrated:
            found.append(Criterion.rated())
        return tuple(found)
    if kind == PrizeGroup.Kind.UNRATED:
        return (Criterion.unrated(),)
    if kind == PrizeGroup.Kind.UNDER:
        return (Criterion.under(group.age or 0, year),)
    if kind == PrizeGroup.Kind.SENIORS:
        return (Criterion.seniors(group.age or 0, year),)
    if kind == PrizeGroup.Kind.WOMEN:
        return (Criterion.women(),)
    if kind == PrizeGroup.Kind.CLUB:
        return (Criterion.club(group.club_name),)
    return ()


def _engine_prizes(group: PrizeGroup) -> tuple[EnginePrize, ...]:
    return tuple(EnginePrize(p.cents, p.item, p.item_cents) for p in group.prizes.all())


def engine_rules(found: PrizeList, year: int) -> PrizeRules:
    """The list's player groups as the engine reads them (best-club groups are ranked apart)."""
    return PrizeRules(
        groups=tuple(
            EngineGroup(str(g.pk), g.name, _engine_prizes(g), _criteria(g, year))
            for g in found.groups.all()
            if g.kind != PrizeGroup.Kind.BEST_CLUB
        ),
        sharing=Sharing(found.sharing),
        precedence=Precedence(found.precedence),
        unit=found.unit_cents,
        one_prize_per_player=found.one_prize_per_player,
    )


def _entrant(p: Participant, women: set[int], rank: int, points: int) -> Entrant:
    return Entrant(
        id=p.pk,
        rank=rank,
        points=points,
        rating=p.rating,
        birth_year=p.birth_year,
        sex="w" if p.pk in women else "",
        club=p.club_name,
        federation=p.federation,
        title=p.title,
    )


def _women(tournament: Owner) -> set[int]:
    return set(
        PrizeEligibility.objects.filter(participant__in=_players(tournament), women=True).values_list(
            "participant_id", flat=True
        )
    )


def women_ids(tournament: Owner) -> set[int]:
    return _women(tournament)


# --- The check before the event ------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    group: str
    message: str
    blocking: bool


def _problem_words(group: PrizeGroup | None, message: str, count: int) -> str:
    """The engine's check in the reader's language (its messages are English, by pattern)."""
    name = group.name if group else ""
    if message.startswith("no one can enter"):
        return _("No one registered can enter “%(group)s”.") % {"group": name}
    if " players can enter it" in message:
        prizes = len(group.prizes.all()) if group else 0
        return ngettext(
            "“%(group)s” has %(prizes)s prizes but only %(count)s registered player can enter it.",
            "“%(group)s” has %(prizes)s prizes but only %(count)s registered players can enter it.",
            count,
        ) % {"group": name, "prizes": prizes, "count": count}
    if "lower place is worth more" in message:
        return _("“%(group)s”: a lower place is worth more than a higher one.") % {"group": name}
    if message.endswith("has no prizes"):
        return _("“%(group)s” has no prizes yet.") % {"group": name}
    if "negative value" in message:
        return _("“%(group)s”: a prize has a negative value.") % {"group": name}
    if "rounding unit" in message:
        return _("The rounding unit must be more than zero.")
    return message


def problems_before_start(tournament: Owner, found: PrizeList | None = None) -> list[Problem]:
    """What the engine's check finds in the list against the players registered now."""
    found = found if found is not None else prize_list_of(tournament)
    if found is None:
        return []
    year = prize_year(tournament)
    women = _women(tournament)
    people = list(_players(tournament).order_by("-rating", "name", "pk"))
    entrants = [_entrant(p, women, i, 0) for i, p in enumerate(people, start=1)]
    rules = engine_rules(found, year)
    groups = {str(g.pk): g for g in found.groups.all()}
    counts = {g.key: sum(1 for e in entrants if g.admits(e)) for g in rules.groups}
    problems = [
        Problem(p.group, _problem_words(groups.get(p.group), p.message, counts.get(p.group, 0)), p.blocking)
        for p in check_prize_rules(rules, entrants)
    ]
    for group in groups.values():
        if group.kind != PrizeGroup.Kind.BEST_CLUB:
            continue
        clubs = club_standings(entrants, counted=group.club_count or 1)
        prizes = len(group.prizes.all())
        if not clubs:
            problems.append(
                Problem(
                    str(group.pk),
                    _("No club has enough players for “%(group)s”.") % {"group": group.name},
                    False,
                )
            )
        elif len(clubs) < prizes:
            problems.append(
                Problem(
                    str(group.pk),
                    ngettext(
                        "“%(group)s” has %(prizes)s prizes but only %(count)s club has enough players.",
                        "“%(group)s” has %(prizes)s prizes but only %(count)s clubs have enough players.",
                        len(clubs),
                    )
                    % {"group": group.name, "prizes": prizes, "count": len(clubs)},
                    False,
                )
            )
    return problems


# --- The winners ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class WinnerRow:
    place: int
    """The group's place."""
    name: str
    participant: Participant | None
    """None for a club's prize."""
    standing: int
    """The place in the final standings (a club: its place among the clubs)."""
    points: str
    cents: int
    money: str
    item: str
    shared: bool
    section: str = ""
    """The player's section, in an event's list."""


@dataclass
class GroupWinners:
    group: PrizeGroup
    who: str
    rows: list[WinnerRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """The arithmetic of every shared amount, in words."""
    vacant: list[int] = field(default_factory=list)


@dataclass
class Winners:
    prize_list: PrizeList
    final: bool
    through_round: int
    groups: list[GroupWinners]
    total_cents: int
    total: str
    problem: str = ""


def _pooled(owner: Owner) -> tuple[list[tuple[Tournament, object, int]], bool, int]:
    """Every section's final standings rows with their shown place, best first: for a section its
    own order; for an event the sections pooled by points, then the sections' order, then the
    place in the section. Also whether every section is final, and the fewest rounds counted.

    Raises ``InvalidRequestError`` when the engine cannot rank a section."""
    sections = list(owner.sections.order_by("section_order", "pk")) if isinstance(owner, Event) else [owner]
    pooled = []
    final, rounds = True, None
    for section in sections:
        result = standings_for_tournament(section, breakdowns=False)
        final = final and result.rounds >= section.rounds_planned
        rounds = result.rounds if rounds is None else min(rounds, result.rounds)
        pooled += [(section, row, place) for row, place, _lot in placings(section, result)]
    if isinstance(owner, Event):
        pooled.sort(key=lambda item: (-item[1].points, item[0].section_order, item[0].pk, item[1].rank))
        pooled = [(section, row, index) for index, (section, row, _place) in enumerate(pooled, start=1)]
    else:
        pooled.sort(key=lambda item: item[1].rank)
    return pooled, final, rounds or 0


def winners(tournament: Owner, found: PrizeList | None = None) -> Winners | None:
    """The prizes handed out from the standings after the last complete round (final once every
    round is played), with the arithmetic of shared amounts. An event's list pools its sections'
    standings (see :func:`_pooled`)."""
    found = found if found is not None else prize_list_of(tournament)
    if found is None:
        return None
    try:
        pooled, final, rounds = _pooled(tournament)
    except InvalidRequestError as exc:
        return Winners(found, False, 0, [], 0, money(0, found.currency), str(exc))
    people = {p.pk: p for p in _players(tournament)}
    women = _women(tournament)
    event = isinstance(tournament, Event)
    shown = {row.id: (row, place, section.name if event else "") for section, row, place in pooled}
    entrants = [
        _entrant(people[row.id], women, rank, int(row.points * 2))
        for rank, (_section, row, _place) in enumerate(pooled, start=1)
    ]
    year = prize_year(tournament)
    awarded = allocate_prizes(engine_rules(found, year), entrants)
    by_group: dict[str, list[Award]] = {}
    for award in awarded.awards:
        by_group.setdefault(award.group, []).append(award)
    vacant: dict[str, list[int]] = {}
    for key, place in awarded.vacant:
        vacant.setdefault(key, []).append(place)
    currency = found.currency
    groups: list[GroupWinners] = []
    for group in found.groups.all():
        out = GroupWinners(group, who_may_enter(group, year))
        if group.kind == PrizeGroup.Kind.BEST_CLUB:
            _club_rows(out, group, entrants, currency)
        else:
            for award in by_group.get(str(group.pk), []):
                row, place, section = shown[award.entrant]
                person = people[award.entrant]
                out.rows.append(
                    WinnerRow(
                        award.place,
                        person.name,
                        person,
                        place,
                        format_points(int(row.points * 2)),
                        award.cents,
                        money(award.cents, currency) if award.cents else "",
                        award.prize.item,
                        bool(award.shared_with),
                        section,
                    )
                )
            out.notes = _arithmetic(by_group.get(str(group.pk), []), people, found, shown)
            out.vacant = vacant.get(str(group.pk), [])
        groups.append(out)
    total = sum(r.cents for g in groups for r in g.rows)
    return Winners(found, final, rounds, groups, total, money(total, currency))


def winners_cached(tournament: Tournament, found: PrizeList) -> Winners | None:
    """:func:`winners` of a section through the cache, keyed on what changes them: the section's
    ``standings_version`` (results, players, settings), the list's ``version`` (its groups, rules
    and women's flags) and the reader's language (the words). The players' pages read this."""
    key = (
        f"prizes:{tournament.pk}:s{tournament.standings_version}:l{found.pk}.{found.version}:"
        f"{translation.get_language()}"
    )
    return cache.get_or_set(key, lambda: winners(tournament, found), CACHE_SECONDS)


def _club_rows(out: GroupWinners, group: PrizeGroup, entrants: Sequence[Entrant], currency: str) -> None:
    prizes = list(group.prizes.all())
    clubs = club_standings(entrants, counted=group.club_count or 1)
    for prize, club in zip(prizes, clubs, strict=False):
        out.rows.append(
            WinnerRow(
                prize.place,
                club.club,
                None,
                club.place,
                format_points(club.points),
                prize.cents,
                money(prize.cents, currency) if prize.cents else "",
                prize.item,
                False,
            )
        )
    out.vacant = [p.place for p in prizes[len(clubs) :]]


def _arithmetic(awards: list[Award], people: dict[int, Participant], found: PrizeList, shown) -> list[str]:
    """One sentence per block of players level on points who shared their places' money."""
    notes: list[str] = []
    currency = found.currency
    done: set[int] = set()
    for award in awards:
        if not award.shared_with or award.entrant in done:
            continue
        block = [a for a in awards if a.entrant == award.entrant or a.entrant in award.shared_with]
        done.update(a.entrant for a in block)
        n = len(block)
        pool = sum(a.prize.cents for a in block)
        names = ", ".join(people[a.entrant].name for a in block)
        first, last = block[0].place, block[-1].place
        points = format_points(int(shown[block[0].entrant][0].points * 2))
        head = _(
            "Places %(first)s–%(last)s: %(names)s, level on %(points)s points, share %(pool)s (%(parts)s)."
        ) % {
            "first": first,
            "last": last,
            "names": names,
            "points": points,
            "pool": money(pool, currency),
            "parts": " + ".join(money(a.prize.cents, currency) for a in block),
        }
        if found.sharing == PrizeList.Sharing.EQUAL:
            how = _("Equal shares: %(pool)s ÷ %(n)s = %(each)s each.") % {
                "pool": money(pool, currency),
                "n": n,
                "each": money(Fraction(pool, n), currency),
            }
        else:
            how = _(
                "Hort: each keeps half of their own place's money (%(kept)s); the other half, %(half)s, "
                "÷ %(n)s = %(each)s each; so %(exact)s."
            ) % {
                "kept": ", ".join(money(Fraction(a.prize.cents, 2), currency) for a in block),
                "half": money(Fraction(pool, 2), currency),
                "n": n,
                "each": money(Fraction(pool, 2 * n), currency),
                "exact": ", ".join(money(a.exact, currency) for a in block),
            }
        text = f"{head} {how}"
        if any(a.exact != a.cents for a in block):
            text += " " + _(
                "Rounded to %(unit)s by the largest remainder: %(paid)s (together %(total)s, as before rounding)."
            ) % {
                "unit": money(found.unit_cents, currency),
                "paid": ", ".join(money(a.cents, currency) for a in block),
                "total": money(sum(a.cents for a in block), currency),
            }
        notes.append(text)
    return notes


def event_links(event: Event) -> list[tuple[str, str]]:
    """The event page's link to the whole event's prize list (each section's is on its tab)."""
    return [(_("Prizes for the whole event"), reverse("prizes:event_manage", kwargs={"event_id": event.pk}))]


# --- The treasurer's CSV ------------------------------------------------------------------------


def treasurer_rows(result: Winners) -> list[list[str]]:
    """Who gets how much: one row per prize won, then the total (equal to the sum of the rows)."""
    rows = [
        [
            _("Group"),
            _("Place"),
            _("Name"),
            _("FIDE ID"),
            _("Club"),
            _("Amount"),
            _("Currency"),
            _("Object"),
            _("Shared"),
            _("Section"),
        ]
    ]
    currency = result.prize_list.currency
    for group in result.groups:
        for row in group.rows:
            person = row.participant
            rows.append(
                [
                    group.group.name,
                    str(row.place),
                    row.name,
                    person.fide_id if person else "",
                    person.club_name if person else row.name,
                    format_cents(row.cents),
                    currency,
                    row.item,
                    _("yes") if row.shared else "",
                    row.section,
                ]
            )
    rows.append([_("Total"), "", "", "", "", format_cents(result.total_cents), currency, "", "", ""])
    return rows
