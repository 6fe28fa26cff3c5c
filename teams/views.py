"""The team competition's pages: staff pages for the event's organisers and chief arbiters (settings,
teams, pairing, publishing, lineups, results board by board), the captains' lineup link and the
public pages behind the competition's token (pairings board by board, standings, each team)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST, require_safe

from core.errors import ServiceError
from core.views import report
from tournaments.models import Event
from tournaments.permissions import ARBITRATE, ORGANISE, event_for_user, staff_event

from . import exchange, selectors, services
from .forms import CompetitionForm, DeadlineForm, LineupForm, TeamForm
from .models import BoardGame, Match, Team, TeamCompetition, TeamRound


def staff_competition(
    level: str = ARBITRATE,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """View decorator: log in, load ``competition_id``, check the event role (strangers get 404),
    call ``view(request, competition, ...)``."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, competition_id: int, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            competition = get_object_or_404(
                TeamCompetition.objects.select_related("event"), pk=competition_id
            )
            event_for_user(request.user, competition.event_id, level)
            return view(request, competition, *args, **kwargs)

        return wrapper

    return decorator


def _home(competition: TeamCompetition) -> HttpResponse:
    return redirect("teams:competition", competition_id=competition.pk)


@require_http_methods(["GET", "POST"])
@staff_event(ORGANISE)
def competition_new(request: HttpRequest, event: Event) -> HttpResponse:
    form = CompetitionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            competition = services.competition_create(event=event, user=request.user, **data)
        except ServiceError as exc:
            report(request, exc, form)
        else:
            return _home(competition)
    return render(request, "teams/competition_new.html", {"event": event, "form": form})


@require_GET
@staff_competition()
def competition(request: HttpRequest, competition: TeamCompetition) -> HttpResponse:
    teams = competition.teams.prefetch_related("players").order_by("tpn")
    rounds = selectors.rounds_of(competition)
    codes, standings, played = selectors.standings(competition)
    return render(
        request,
        "teams/competition.html",
        {
            "competition": competition,
            "teams": teams,
            "rounds": rounds,
            "can_pair": len(rounds) < competition.rounds,
            "round_robin_rounds": (
                services.round_robin_rounds(len(teams))
                if competition.format == TeamCompetition.Format.ROUND_ROBIN and not rounds
                else None
            ),
            "team_form": TeamForm(),
            "codes": codes,
            "standings": standings,
            "played": played,
            "public_url": request.build_absolute_uri(
                reverse("teams:public", args=[competition.public_token])
            ),
        },
    )


@require_POST
@staff_competition()
def team_add(request: HttpRequest, competition: TeamCompetition) -> HttpResponse:
    form = TeamForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return _home(competition)
    try:
        services.team_create(competition=competition, user=request.user, **form.cleaned_data)
    except ServiceError as exc:
        report(request, exc)
    return _home(competition)


@require_POST
@staff_competition()
def team_withdraw(request: HttpRequest, competition: TeamCompetition, team_id: int) -> HttpResponse:
    team = get_object_or_404(Team, pk=team_id, competition=competition)
    services.team_withdraw(team=team, withdrawn=request.POST.get("withdrawn") == "1", user=request.user)
    return _home(competition)


@require_POST
@staff_competition()
def round_pair(request: HttpRequest, competition: TeamCompetition) -> HttpResponse:
    planned = competition.rounds
    try:
        rnd = services.round_pair(competition=competition, user=request.user)
    except ServiceError as exc:
        report(request, exc)
        return _home(competition)
    competition.refresh_from_db(fields=["rounds"])
    if competition.rounds != planned:
        messages.info(
            request,
            ngettext(
                "A round robin of %(teams)s teams has %(rounds)s round: the planned number (%(planned)s) was set from the teams.",
                "A round robin of %(teams)s teams has %(rounds)s rounds: the planned number (%(planned)s) was set from the teams.",
                competition.rounds,
            )
            % {"teams": competition.teams.count(), "rounds": competition.rounds, "planned": planned},
        )
    return redirect("teams:round", competition_id=competition.pk, number=rnd.number)


def _round(competition: TeamCompetition, number: int) -> TeamRound:
    return get_object_or_404(
        TeamRound.objects.select_related("bye_team"), competition=competition, number=number
    )


@require_POST
@staff_competition()
def round_publish(request: HttpRequest, competition: TeamCompetition, number: int) -> HttpResponse:
    services.round_publish(team_round=_round(competition, number), user=request.user)
    return redirect("teams:round", competition_id=competition.pk, number=number)


@require_POST
@staff_competition()
def round_delete(request: HttpRequest, competition: TeamCompetition, number: int) -> HttpResponse:
    try:
        services.round_delete_draft(team_round=_round(competition, number), user=request.user)
    except ServiceError as exc:
        report(request, exc)
    return _home(competition)


@require_POST
@staff_competition()
def round_deadline(request: HttpRequest, competition: TeamCompetition, number: int) -> HttpResponse:
    form = DeadlineForm(request.POST)
    if form.is_valid():
        services.round_deadline_set(
            team_round=_round(competition, number), deadline=form.cleaned_data["deadline"], user=request.user
        )
    else:
        messages.error(request, _("Give a date and time, or leave the field empty for no deadline."))
    return redirect("teams:round", competition_id=competition.pk, number=number)


@require_GET
@staff_competition()
def round_page(request: HttpRequest, competition: TeamCompetition, number: int) -> HttpResponse:
    rnd = _round(competition, number)
    return render(
        request,
        "teams/round.html",
        {
            "competition": competition,
            "round": rnd,
            "matches": selectors.round_matches(rnd),
            "deadline_form": DeadlineForm(initial={"deadline": rnd.lineup_deadline}),
        },
    )


def _match(competition: TeamCompetition, match_id: int) -> Match:
    return get_object_or_404(
        Match.objects.select_related("round", "home", "away").prefetch_related(
            "boards__home_player", "boards__away_player"
        ),
        pk=match_id,
        round__competition=competition,
    )


def _match_context(competition: TeamCompetition, match: Match) -> dict[str, Any]:
    return {
        "competition": competition,
        "round": match.round,
        "view": selectors.match_view(match),
        "results": BoardGame.Result.choices[1:],
        "forfeits": Match.Forfeit.choices,
    }


@require_GET
@staff_competition()
def match_page(request: HttpRequest, competition: TeamCompetition, match_id: int) -> HttpResponse:
    match = _match(competition, match_id)
    context = _match_context(competition, match)
    focus = request.GET.get("board", "")
    context["focus"] = focus if focus.isdigit() else ""
    return render(request, "teams/match.html", context)


def _next_open(view: selectors.MatchView, board: int) -> int | None:
    """The board after ``board`` (wrapping round) still without a result, as the keyboard goes."""
    boards = [b.board for b in view.boards]
    if board not in boards:
        return None
    start = boards.index(board)
    for step in range(1, len(boards)):
        row = view.boards[(start + step) % len(boards)]
        if not row.result:
            return row.board
    return None


@require_POST
@staff_competition()
def board_result(
    request: HttpRequest, competition: TeamCompetition, match_id: int, board: int
) -> HttpResponse:
    """One board's result. htmx (the match page's keys, or its Save buttons with JavaScript) gets the
    board's row back, and out of band the match's score and status; errors travel in the row with a
    200 (htmx swaps only 2xx answers) and ``X-Result-Status``. Without JavaScript: a page message and
    back to the match page, on the next board still open."""
    match = _match(competition, match_id)
    game = get_object_or_404(BoardGame, match=match, board=board)
    error = ""
    try:
        services.board_result_set(game=game, result=request.POST.get("result", ""), user=request.user)
    except ServiceError as exc:
        error = exc.message
    match = _match(competition, match_id)  # read again: the row shows what is saved now
    context = _match_context(competition, match)
    if request.htmx:
        row = next(b for b in context["view"].boards if b.board == board)
        response = render(
            request, "teams/_match_answer.html", {**context, "b": row, "error": error, "saved": not error}
        )
        response["X-Result-Status"] = "400" if error else "200"
        return response
    url = reverse("teams:match", args=[competition.pk, match.pk])
    if error:
        messages.error(request, error)
        return redirect(f"{url}?board={board}")
    following = _next_open(context["view"], board)
    return redirect(f"{url}?board={following}" if following else url)


@require_POST
@staff_competition()
def match_forfeit(request: HttpRequest, competition: TeamCompetition, match_id: int) -> HttpResponse:
    match = _match(competition, match_id)
    try:
        services.match_forfeit_set(match=match, forfeit=request.POST.get("forfeit", ""), user=request.user)
    except ServiceError as exc:
        report(request, exc)
    return redirect("teams:match", competition_id=competition.pk, match_id=match.pk)


def _lineup_page(
    request: HttpRequest,
    team: Team,
    rnd: TeamRound,
    *,
    by_captain: bool,
    template: str,
    extra: dict[str, Any],
) -> HttpResponse:
    competition = team.competition
    players = list(team.players.order_by("order"))
    initial = selectors.lineup_of(team, rnd, competition.boards)
    form = LineupForm(request.POST or None, boards=competition.boards, players=players, initial_ids=initial)
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            services.lineup_set(
                team=team,
                team_round=rnd,
                player_ids=form.player_ids(),
                user=request.user,
                by_captain=by_captain,
            )
        except ServiceError as exc:
            report(request, exc)
            problems = exc.errors.get("lineup", [])
        else:
            messages.success(request, _("Lineup saved."))
            return redirect(request.get_full_path())
    return render(
        request,
        template,
        {"competition": competition, "team": team, "round": rnd, "form": form, "problems": problems, **extra},
    )


@require_http_methods(["GET", "POST"])
@staff_competition()
def lineup(request: HttpRequest, competition: TeamCompetition, number: int, team_id: int) -> HttpResponse:
    rnd = _round(competition, number)
    team = get_object_or_404(Team, pk=team_id, competition=competition)
    return _lineup_page(request, team, rnd, by_captain=False, template="teams/lineup.html", extra={})


@require_POST
@staff_competition()
def captain_link(request: HttpRequest, competition: TeamCompetition, team_id: int) -> HttpResponse:
    team = get_object_or_404(Team, pk=team_id, competition=competition)
    token = services.captain_link_issue(team=team, user=request.user)
    url = request.build_absolute_uri(reverse("teams:captain", args=[token]))
    messages.success(
        request,
        _("The captain's link of %(team)s (shown once; a new one revokes it): %(url)s")
        % {"team": team.name, "url": url},
    )
    return _home(competition)


@require_http_methods(["GET", "POST"])
def captain(request: HttpRequest, token: str) -> HttpResponse:
    team = services.team_for_captain(token)
    if team is None:
        raise Http404(_("This link is not valid (any more)."))
    rnd = selectors.captain_round(team)
    if rnd is None:
        return render(
            request,
            "teams/public/captain.html",
            {"competition": team.competition, "team": team, "round": None},
        )
    return _lineup_page(request, team, rnd, by_captain=True, template="teams/public/captain.html", extra={})


@require_GET
@staff_competition()
def trf_download(request: HttpRequest, competition: TeamCompetition) -> HttpResponse:
    response = HttpResponse(exchange.team_trf(competition), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="team-competition-{competition.pk}.trf"'
    return response


@require_GET
@staff_competition()
def backup_download(request: HttpRequest, competition: TeamCompetition) -> HttpResponse:
    response = JsonResponse(exchange.competition_backup(competition), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="team-competition-{competition.pk}.json"'
    return response


@require_POST
@staff_competition(ORGANISE)
def backup_restore(request: HttpRequest, competition: TeamCompetition) -> HttpResponse:
    """A JSON backup uploaded on the competition's page, restored as a new competition of the same
    event (``exchange.competition_restore``: all or nothing, a message naming what is wrong)."""
    upload = request.FILES.get("backup")
    if upload is None or upload.size > exchange.MAX_BACKUP_BYTES:
        messages.error(request, _("Choose a JSON backup file of at most 5 MB."))
        return _home(competition)
    try:
        data = json.loads(upload.read())
    except (ValueError, UnicodeDecodeError, RecursionError):
        messages.error(request, _("This file is not JSON: nothing was restored."))
        return _home(competition)
    try:
        restored = exchange.competition_restore(data=data, event=competition.event, user=request.user)
    except ServiceError as exc:
        report(request, exc)
        return _home(competition)
    messages.success(request, _("Backup restored as a new competition: %(name)s.") % {"name": restored.name})
    return _home(restored)


def _public(token: str) -> TeamCompetition:
    return get_object_or_404(TeamCompetition.objects.select_related("event"), public_token=token)


@require_safe
def public(request: HttpRequest, token: str) -> HttpResponse:
    competition = _public(token)
    codes, standings, played = selectors.standings(competition)
    return render(
        request,
        "teams/public/standings.html",
        {
            "competition": competition,
            "codes": codes,
            "standings": standings,
            "played": played,
            "rounds": selectors.rounds_of(competition, published_only=True),
        },
    )


@require_safe
def public_round(request: HttpRequest, token: str, number: int) -> HttpResponse:
    competition = _public(token)
    rnd = get_object_or_404(
        TeamRound, competition=competition, number=number, status=TeamRound.Status.PUBLISHED
    )
    return render(
        request,
        "teams/public/round.html",
        {
            "competition": competition,
            "round": rnd,
            "matches": selectors.round_matches(rnd),
            "rounds": selectors.rounds_of(competition, published_only=True),
        },
    )


@require_safe
def public_boards(request: HttpRequest, token: str) -> HttpResponse:
    competition = _public(token)
    return render(
        request,
        "teams/public/boards.html",
        {
            "competition": competition,
            "tables": selectors.board_tables(competition),
            "rounds": selectors.rounds_of(competition, published_only=True),
        },
    )


@require_safe
def public_crosstable(request: HttpRequest, token: str) -> HttpResponse:
    competition = _public(token)
    return render(
        request,
        "teams/public/crosstable.html",
        {
            "competition": competition,
            "rows": selectors.crosstable(competition),
            "rounds": selectors.rounds_of(competition, published_only=True),
        },
    )


@require_safe
def public_team(request: HttpRequest, token: str, team_id: int) -> HttpResponse:
    competition = _public(token)
    team = get_object_or_404(Team, pk=team_id, competition=competition)
    return render(
        request,
        "teams/public/team.html",
        {"competition": competition, "team": team, "players": selectors.team_page(team)},
    )
