"""The dashboard's reads: the tournaments a user sees, with counts, a club's tournaments, and the
tie-break list preview; the settings page's staff; whether a tournament is still there."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from clubs.models import Club
from pairing.engine.errors import PairingError
from pairing.engine.tiebreaks import ROUND_ROBIN_DEFAULT, SWISS_DEFAULT, TIEBREAKS, validate_tiebreaks
from tournaments.models import Participant, Round, Tournament, TournamentRole
from tournaments.permissions import visible_tournaments
from tournaments.tiebreak_words import tiebreak_name


def count_of(model: Any, link: str, *conditions: Q) -> Coalesce:
    """A correlated ``COUNT`` of ``model`` rows whose ``link`` is the outer row. Counting through
    JOINs instead multiplies the rows (5,000 participants x 12 rounds) and groups by every column,
    the rounds' explanations (megabytes of JSON) included."""
    rows = model.objects.filter(*conditions, **{link: OuterRef("pk")}).order_by().values(link)
    return Coalesce(Subquery(rows.annotate(n=Count("pk")).values("n")), 0)


def tournaments_for_user(user: Any) -> list[Tournament]:
    qs = visible_tournaments(user).order_by("-created_at")
    return list(
        qs.annotate(
            n_participants=count_of(Participant, "tournament"),
            n_rounds=count_of(Round, "tournament"),
            # A round robin draws up every round at the start: what is done is the rounds played.
            n_played=count_of(Round, "tournament", Q(status=Round.Status.FINISHED)),
        )
    )


def tournament_lists(user: Any) -> tuple[list[Tournament], list[Tournament]]:
    """The dashboard: (running and coming tournaments, archived ones), one query."""
    everything = tournaments_for_user(user)
    return [t for t in everything if t.archived_at is None], [t for t in everything if t.archived_at]


TIEBREAK_NAMES = {info.code: info.name for info in TIEBREAKS}


def tiebreak_preview(codes: str, fmt: str) -> tuple[list[str], str]:
    """The tie-breaks that would be published for ``codes`` (empty: the format's defaults), as
    "CODE — Name", or no names and the engine's message why the list is not valid."""
    round_robin = fmt == Tournament.Format.ROUND_ROBIN
    raw = [c for c in codes.split(",") if c.strip()] or list(
        ROUND_ROBIN_DEFAULT if round_robin else SWISS_DEFAULT
    )
    try:
        codes_valid = validate_tiebreaks(raw, round_robin=round_robin)
        return [f"{c} — {tiebreak_name(c, TIEBREAK_NAMES[c])}" for c in codes_valid], ""
    except PairingError as exc:
        return [], str(exc)


def club_tournaments(*, club: Club) -> dict[str, list[Tournament]]:
    """The club's tournaments: ``current`` (registration or running) and ``past`` (finished),
    newest first."""
    tournaments = list(Tournament.objects.filter(club=club).order_by("-start_date", "-created_at", "-id"))
    return {
        "current": [t for t in tournaments if t.status != Tournament.Status.FINISHED],
        "past": [t for t in tournaments if t.status == Tournament.Status.FINISHED],
    }


def tournament_staff(tournament: Tournament) -> QuerySet[TournamentRole]:
    """Who has a role in the tournament, by role and user name, with the user (one query, when
    the page lists them)."""
    return (
        TournamentRole.objects.filter(tournament=tournament)
        .select_related("user")
        .order_by("role", "user__username")
    )


def tournament_exists(pk: int) -> bool:
    """Whether tournament ``pk`` is still there (a delete refused by a double click may have been
    done by the first)."""
    return Tournament.objects.filter(pk=pk).exists()


RATING_TIEBREAKS = frozenset({"ARO", "ARO-C1", "TPR", "RTNG", "RTNG-R"})


def lasts_over_30_days(start: Any, end: Any) -> bool:
    """Whether a tournament from ``start`` to ``end`` (dates, either may be missing) lasts more
    than 30 days, the TEC manual's limit for one reference rating list."""
    return bool(start and end and (end - start).days + 1 > 30)


def long_tournament_rating_tiebreaks(tournament: Tournament) -> list[str]:
    """The rating tie-breaks listed in a tournament lasting more than 30 days (marked so, or dated
    so): FIDE's endorsement checklist (Q210-216) asks to warn that they are not recommended then,
    since the players' ratings change while it runs. Empty otherwise."""
    if not (tournament.long_tournament or lasts_over_30_days(tournament.start_date, tournament.end_date)):
        return []
    return [code for code in tournament.tiebreak_codes if code in RATING_TIEBREAKS]


def unrated_left_out(tournament: Tournament) -> int:
    """How many unrated participants ARO and TPR would leave out: the tie-breaks use a rating and
    the tournament gives unrated players none (C.07 Art. 10 asks it be announced before the start).
    0 when no such tie-break is listed or a rating is set."""
    if tournament.unrated_rating is not None or not RATING_TIEBREAKS & set(tournament.tiebreak_codes):
        return 0
    return tournament.participants.filter(rating=0).count()
