"""Public pages under ``/p/<token>/``: no login, nothing private, cached per tournament version.

Each view looks the tournament up by its link token (404 for an unknown or revoked token), then
hands a context builder to :func:`public_render`, which serves the cached page, the htmx partial,
or the empty "nothing changed" answer to a poll. Pages are cached gzipped: a 500-board pairing
list is about 260 KiB of HTML and a tenth of that on the wire.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.formats import number_format
from django.utils.translation import gettext
from django.views.decorators.http import require_safe
from django_htmx.middleware import HtmxDetails

from pairing import fide as fide_arith
from pairing import standings as read_model
from tournaments.public import crosstable as public_crosstable
from tournaments.public import selectors
from tournaments.public import standings as public_standings
from tournaments.public.responses import public_render

DISPLAY_TOP = 50
"""Places the projector shows: the top of a big open's table, not a quarter-hour scroll through it."""


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


@require_safe
def pairings(request: HtmxHttpRequest, token: str, number: int | None = None) -> HttpResponse:
    """The pairings of one public round; without a number, of the current (latest public) round.

    ``?display=1`` is the projector view's other address, for links typed by hand; ``?order=name``
    lists every player alphabetically (for the wall).
    """
    tournament = selectors.public_tournament_get(token=token)
    if request.GET.get("display") == "1" and number is None:
        return redirect("public:display", token=tournament.public_token)

    by_name = request.GET.get("order") == "name"

    def build():
        snapshot = selectors.snapshot_shared(tournament=tournament)
        rnd = number or (snapshot.current_round.number if snapshot.current_round else None)
        pairing = selectors.round_pairings(snapshot, rnd) if rnd else None
        return {
            "pairing": pairing,
            "by_name": selectors.pairings_by_name(pairing) if pairing and by_name else None,
            "rounds": snapshot.rounds,
            "fixed_round": number,
            "page": "pairings",
        }

    return public_render(
        request,
        tournament,
        template="public/pairings.html",
        partial="pairings-table",
        build=build,
        name=f"pairings-{number or 'current'}",
        params={"order": "name"} if by_name else None,
    )


@require_safe
def standings(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The standings; ``?top=N`` keeps the first N places (the projector shows the top of the table),
    and a big field comes a page of places at a time (``?page=N``)."""
    tournament = selectors.public_tournament_get(token=token)
    top = _top(request.GET.get("top"))
    page = public_crosstable.crosstable_page(request.GET.get("page"))

    def build():
        snapshot = selectors.snapshot_shared(tournament=tournament)
        return {
            "standings": public_standings.standings_build(snapshot, top=top, page=None if top else page),
            "top": top,
            "page": "standings",
        }

    return public_render(
        request,
        tournament,
        template="public/standings.html",
        partial="standings-table",
        build=build,
        name=f"standings-top-{top}",
        params={"page": page} if page > 1 else None,
        version=tournament.standings_version,
    )


def _top(value: str | None) -> int | None:
    """A sane ``top`` parameter, or ``None`` for the whole table (anything odd is ignored)."""
    try:
        top = int(value or "")
    except ValueError:
        return None
    return top if 1 <= top <= 1000 else None


@require_safe
def crosstable(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The crosstable; a big Swiss's wall chart comes a page of places at a time (``?page=N``)."""
    tournament = selectors.public_tournament_get(token=token)
    page = public_crosstable.crosstable_page(request.GET.get("page"))

    def build():
        snapshot = selectors.snapshot_shared(tournament=tournament)
        table = public_standings.standings_build(snapshot)
        return {
            "crosstable": public_crosstable.crosstable_build(snapshot, table, page=page),
            "latest_round": snapshot.latest_round.number if snapshot.latest_round else None,
            "page": "crosstable",
        }

    return public_render(
        request,
        tournament,
        template="public/crosstable.html",
        partial="crosstable-table",
        build=build,
        name="crosstable",
        params={"page": page} if page > 1 else None,
    )


PLAYED_SYMBOLS = ("1", "½", "0")


def _rating_change(tournament, snapshot, person):  # noqa: ANN001, ANN202
    """The player's estimated rating change over the complete rounds, from the page's snapshot
    (no query): games over the board against rated opponents count (B.02 5.1, 8.3.1)."""
    through = read_model.ranking_cached(tournament).through_round
    games = [
        (snapshot.participants[e.opponent_id].rating, e.points or 0, e.symbol in PLAYED_SYMBOLS)
        for number, e in sorted(snapshot.history.get(person.id, {}).items())
        if number <= through and e.opponent_id in snapshot.participants
    ]
    # The birth year is private and not loaded here: a junior's K of 40 shows on the staff page.
    return fide_arith.rating_change_from(tournament, person.rating, games)


@require_safe
def participant(request: HtmxHttpRequest, token: str, participant_id: int) -> HttpResponse:
    """One participant's tournament: every round's opponent, colour, result and running score."""
    tournament = selectors.public_tournament_get(token=token)

    def build():
        snapshot = selectors.participant_snapshot(tournament=tournament, participant_id=participant_id)
        person = snapshot.participants.get(participant_id)
        if person is None:
            raise Http404(gettext("No such participant in this tournament."))
        return {
            "participant": person,
            "score": selectors.format_points(snapshot.score(person.id)),
            "standing": read_model.breakdown_cached(tournament, person.id),
            "standings_page": public_standings.standings_page_of(tournament, person.id),
            "through_round": read_model.ranking_cached(tournament).through_round,
            "card": public_crosstable.participant_card(snapshot, person.id),
            "tell_apart": snapshot.tell_apart,
            "rating_change": (
                change := _rating_change(tournament, snapshot, person)
                if tournament.show_rating_changes
                else None
            ),
            "rating_change_shown": (
                ("+" if change.change > 0 else "") + number_format(float(change.change), 1) if change else ""
            ),
            "page": "participant",
        }

    return public_render(
        request,
        tournament,
        template="public/participant.html",
        partial="participant-rounds",
        build=build,
        name=f"participant-{participant_id}",
        version=selectors.participant_version(tournament, participant_id),
        # A thousand player pages, each revalidated by the front proxy every two seconds, were the
        # slow tail of a full hall (issue 38): they change only with the player's own result or
        # the standings, so the proxy may keep each one longer than the pairings and standings.
        max_age=settings.PUBLIC_PLAYER_PAGE_SECONDS,
    )


@require_safe
def tiebreak_breakdown(request: HtmxHttpRequest, token: str, participant_id: int, code: str) -> HttpResponse:
    """How one participant's tie-break value was worked out; the standings load it when a value is tapped."""
    tournament = selectors.public_tournament_get(token=token)

    def build():
        breakdown = read_model.breakdown_cached(tournament, participant_id)
        cell = breakdown.cell(code) if breakdown else None
        if cell is None:
            raise Http404(gettext("No such tie-break for this participant."))
        return {"participant_id": participant_id, "name": breakdown.name, "cell": cell, "page": "standings"}

    return public_render(
        request,
        tournament,
        template="public/tiebreak.html",
        partial="tiebreak-breakdown",
        build=build,
        name=f"tiebreak-{participant_id}-{code}",
        version=tournament.standings_version,
    )


@require_safe
def rounds(request: HtmxHttpRequest, token: str) -> HttpResponse:
    tournament = selectors.public_tournament_get(token=token)

    def build():
        snapshot = selectors.snapshot_shared(tournament=tournament)
        return {"summaries": selectors.round_summaries(snapshot), "page": "rounds"}

    return public_render(
        request, tournament, template="public/rounds.html", partial="round-list", build=build, name="rounds"
    )


@require_safe
def rules(request: HtmxHttpRequest, token: str) -> HttpResponse:
    tournament = selectors.public_tournament_get(token=token)

    def build():
        return {
            "tiebreaks": read_model.tiebreak_headings(tournament),
            "scoring": {
                "win": selectors.format_points(tournament.win_points),
                "draw": selectors.format_points(tournament.draw_points),
                "loss": selectors.format_points(tournament.loss_points),
                "bye": selectors.format_points(tournament.bye_points),
            },
            "page": "rules",
        }

    return public_render(
        request, tournament, template="public/rules.html", partial=None, build=build, name="rules"
    )


@require_safe
def find_board(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """ "Find my board": a GET form that works without JavaScript; htmx swaps the answer as you type."""
    tournament = selectors.public_tournament_get(token=token)
    query = request.GET.get("q", "").strip()[:60]

    def build():
        current, findings = selectors.find_my_board(tournament=tournament, query=query)
        return {"query": query, "current": current, "findings": findings, "page": "find"}

    return public_render(
        request,
        tournament,
        template="public/find.html",
        partial="my-board",
        build=build,
        name="find",
        params={"q": query},
    )


@require_safe
def display(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Large-venue mode for a projector: big type, rotating between pairings and standings."""
    tournament = selectors.public_tournament_get(token=token)

    def build():
        snapshot = selectors.snapshot_shared(tournament=tournament)
        current = snapshot.current_round
        return {
            "pairing": selectors.round_pairings(snapshot, current.number) if current else None,
            "standings": public_standings.standings_build(snapshot, top=DISPLAY_TOP),
            "top": DISPLAY_TOP,
            "page": "display",
        }

    return public_render(
        request, tournament, template="public/display.html", partial=None, build=build, name="display"
    )


@require_safe
def result_sheets(request: HtmxHttpRequest, token: str, number: int) -> HttpResponse:
    """One result sheet per board, to print on A4 (one sheet a page) and sign."""
    tournament = selectors.public_tournament_get(token=token)

    def build():
        snapshot = selectors.snapshot_shared(tournament=tournament)
        return {"pairing": selectors.round_pairings(snapshot, number), "page": "sheets"}

    return public_render(
        request,
        tournament,
        template="public/result_sheets.html",
        partial=None,
        build=build,
        name=f"sheets-{number}",
    )
