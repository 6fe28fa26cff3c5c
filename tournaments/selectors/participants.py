"""The participants list and the registration desk's reads: a page of participants (or of those a
search finds) with byes, score, whether they were ever paired and what tells namesakes apart; the
byes and pairs kept apart still to come; players to register from the roster or the FIDE list;
one participant, bye or pair kept apart to hand to a service."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.paginator import Page, Paginator
from django.db.models import F
from django.shortcuts import get_object_or_404

from clubs.selectors import roster_search
from core.names import search_key
from ratings.selectors import rated_player_search
from tournaments import records
from tournaments.models import ForbiddenPair, Participant, Round, RoundBye, Tournament
from tournaments.namesakes import namesake_labels
from tournaments.scores import format_points


@dataclass
class ParticipantRow:
    participant: Participant
    score: str
    byes: list[RoundBye]
    paired: bool = False
    """Ever paired: the entry can no longer be deleted, only withdrawn."""
    tell_apart: str = ""
    """For namesakes only: the club, FIDE id or rating that tells them apart."""


def participant_get(tournament: Tournament, pk: int) -> Participant:
    """Participant ``pk`` of ``tournament``, or 404."""
    return get_object_or_404(Participant, pk=pk, tournament=tournament)


def participant_exists(pk: int) -> bool:
    """Whether participant ``pk`` is still there (a delete refused by a double click may have been
    done by the first)."""
    return Participant.objects.filter(pk=pk).exists()


def participant_list(tournament: Tournament) -> list[Participant]:
    """Every participant, in no particular order: those a posted form may name."""
    return list(Participant.objects.filter(tournament=tournament))


def bye_to_cancel(tournament: Tournament, pk: int) -> RoundBye:
    """Bye ``pk`` of ``tournament`` with its participant and tournament (what the cancel service
    and its message read), or 404."""
    return get_object_or_404(
        RoundBye.objects.select_related("participant", "tournament"), pk=pk, tournament=tournament
    )


def forbidden_pair_to_remove(tournament: Tournament, pk: int) -> ForbiddenPair:
    """Pair ``pk`` kept apart in ``tournament`` with both participants and the tournament (what
    the remove service and its message read), or 404."""
    return get_object_or_404(
        ForbiddenPair.objects.select_related("first", "second", "tournament"), pk=pk, tournament=tournament
    )


def participant_deletable(participant: Participant) -> bool:
    return participant.pk not in records.paired_ids(participant.tournament)


def _participant_rows(
    tournament: Tournament, people: list[Participant], everyone: list[Any]
) -> list[ParticipantRow]:
    """``people`` (a page of ``everyone``) with their scores, byes, whether they were ever paired
    and what tells namesakes apart in the whole field (five queries, whatever the field's size)."""
    ids = [p.pk for p in people]
    paired = records.paired_ids(tournament, ids)
    labels = namesake_labels(everyone)
    last = (
        Round.objects.filter(tournament=tournament).exclude(status__in=["pairing", "draft", "failed"]).count()
    )
    scores = records.scores_of(tournament, last, set(ids))
    byes: dict[int, list[RoundBye]] = {}
    for bye in RoundBye.objects.filter(tournament=tournament, participant_id__in=ids).order_by(
        "round_number"
    ):
        byes.setdefault(bye.participant_id, []).append(bye)
    return [
        ParticipantRow(
            p, format_points(scores.get(p.pk, 0)), byes.get(p.pk, []), p.pk in paired, labels.get(p.pk, "")
        )
        for p in people
    ]


def _finds(find: str) -> Any:
    """Whom the list's search ``find`` matches: a pairing number or FIDE id, else part of a name
    or a club (case, accents and punctuation ignored: ``core.names.search_key``)."""
    if find.isascii() and find.isdigit():
        return lambda p: p.pairing_number == int(find) or p.fide_id == find
    key = search_key(find)
    return lambda p: key in search_key(p.name) or key in search_key(p.club_name)


@dataclass(frozen=True)
class ParticipantPage:
    """A page of the participants list."""

    page: Page
    """Where the page stands (``page.paginator.count`` counts every match): the list's navigation."""
    rows: list[ParticipantRow]
    """The page's participants."""
    everyone: list[Any]
    """The whole field in pairing-number order, as plain rows (pk, name, club_name, fide_id,
    rating, pairing_number, status): the desk's bye and keep-apart forms choose among them."""


def participant_page(tournament: Tournament, *, page: Any = 1, find: str = "") -> ParticipantPage:
    """One page (``settings.PARTICIPANTS_PAGE_SIZE``) of the participants in pairing-number order,
    of those the search ``find`` matches in the whole field when given.

    Everyone is read once, as plain rows of what the namesakes, the search and the forms need
    (filtering and counting 5,000 in Python costs less than more queries); then the page's
    participants in full, with their games."""
    everyone = list(
        Participant.objects.filter(tournament=tournament)
        .order_by("pairing_number", "name")
        .values_list("pk", "name", "club_name", "fide_id", "rating", "pairing_number", "status", named=True)
    )
    find = find.strip()
    matches = [p for p in everyone if _finds(find)(p)] if find else everyone
    found = Paginator(matches, settings.PARTICIPANTS_PAGE_SIZE).get_page(page)
    ids = [p.pk for p in found.object_list]
    order = {pk: n for n, pk in enumerate(ids)}
    people = sorted(Participant.objects.filter(pk__in=ids), key=lambda p: order[p.pk])
    return ParticipantPage(found, _participant_rows(tournament, people, everyone), everyone)


def upcoming_byes(tournament: Tournament) -> list[RoundBye]:
    published = set(
        Round.objects.filter(tournament=tournament, status__in=["published", "finished"]).values_list(
            "number", flat=True
        )
    )
    return [
        bye
        for bye in RoundBye.objects.filter(
            tournament=tournament,
            kind__in=[RoundBye.Kind.HALF_POINT, RoundBye.Kind.ZERO_POINT, RoundBye.Kind.ABSENT],
        )
        .select_related("participant")
        .order_by("round_number", "participant__pairing_number")
        if bye.round_number not in published
    ]


def forbidden_pair_list(tournament: Tournament) -> list[ForbiddenPair]:
    """The pairs kept apart, by the rounds they start in, with both names (one query)."""
    return list(
        ForbiddenPair.objects.filter(tournament=tournament)
        .select_related("first", "second")
        .order_by(F("first_round").asc(nulls_first=True), "first__pairing_number", "second__pairing_number")
    )


REGISTRY_LIMIT = 10


@dataclass(frozen=True)
class RegistryHit:
    """One player the registration search found: ``key`` is the roster player's id, or the FIDE
    id for the rating list; ``registered`` when the tournament already has them."""

    key: int
    name: str
    rating: int | None
    title: str
    federation: str
    fide_id: int | None
    registered: bool


def registry_search(tournament: Tournament, query: str) -> tuple[str, list[RegistryHit]]:
    """``("roster" | "rating_list", hits)`` for the registration desk's search-as-you-type: the
    club roster when the tournament has a club, otherwise the FIDE rating list. Name words or FIDE
    id digits, accents and case ignored; an empty query finds nobody."""
    source = "roster" if tournament.club_id else "rating_list"
    if not query.strip():
        return source, []
    entered = Participant.objects.filter(tournament=tournament).values_list("name", "fide_id")
    names = {search_key(name) for name, _ in entered}
    fide_ids = {fide for _, fide in entered if fide}
    hits: list[RegistryHit] = []
    if tournament.club is not None:
        for p in roster_search(club=tournament.club, query=query, limit=REGISTRY_LIMIT):
            registered = p.search_key in names or str(p.fide_id or "") in fide_ids
            hits.append(RegistryHit(p.pk, p.name, p.rating, p.title, p.federation, p.fide_id, registered))
    else:
        for r in rated_player_search(query=query, limit=REGISTRY_LIMIT):
            registered = r.search_key in names or str(r.fide_id) in fide_ids
            hits.append(
                RegistryHit(
                    r.fide_id, r.name, r.standard_rating, r.best_title, r.federation, r.fide_id, registered
                )
            )
    return source, hits
