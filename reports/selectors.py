"""Reads of the reporting app: a player's board as their phone shows it, a round's reports as the
arbiter sees them (with the counts at a glance), the organiser's list of links, the log; the
rounds, boards and participants the staff pages hand to the services."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from django.db.models import Count, Max, Q, QuerySet
from django.shortcuts import get_object_or_404

from reports.models import ReportingLink, ReportingSettings, ResultReport
from reports.tokens import token_hash
from tournaments.models import AuditLog, Board, Participant, Round, RoundBye, Tournament

OPEN_ROUND_STATUSES = (Round.Status.PUBLISHED, Round.Status.FINISHED)


def link_get(token: str) -> ReportingLink | None:
    """The live link with this token, or None (unknown, revoked, or malformed: all alike)."""
    if not token or len(token) > 64:
        return None
    return (
        ReportingLink.objects.select_related("participant__tournament")
        .filter(token_hash=token_hash(token), revoked_at__isnull=True)
        .first()
    )


def settings_get(tournament: Tournament) -> ReportingSettings:
    return ReportingSettings.objects.filter(tournament=tournament).first() or ReportingSettings(
        tournament=tournament
    )


def latest_round(tournament: Tournament) -> Round | None:
    """The round players are playing or have just played: the latest published or finished one."""
    return (
        Round.objects.filter(tournament=tournament, status__in=OPEN_ROUND_STATUSES)
        .order_by("-number")
        .first()
    )


def open_round_numbers(tournament: Tournament) -> QuerySet[Round, int]:
    """The numbers of the rounds with reports to see (published or finished), read when the page
    lists them."""
    return Round.objects.filter(tournament=tournament, status__in=OPEN_ROUND_STATUSES).values_list(
        "number", flat=True
    )


def open_round_get(tournament: Tournament, number: int) -> Round:
    """Round ``number`` of ``tournament`` if it is published or finished, or 404."""
    return get_object_or_404(Round, tournament=tournament, number=number, status__in=OPEN_ROUND_STATUSES)


def round_get(tournament: Tournament, number: int) -> Round:
    """Round ``number`` of ``tournament``, whatever its status, or 404."""
    return get_object_or_404(Round, tournament=tournament, number=number)


def board_reread(pk: int) -> Board:
    """Board ``pk`` as the database has it now, with its round, tournament and players: the round
    page's row after a post from it."""
    return Board.objects.select_related("round__tournament", "white", "black").get(pk=pk)


def link_participant(tournament: Tournament, pk: int) -> Participant:
    """Participant ``pk`` of ``tournament`` with the tournament, to issue, revoke or mail their
    link, or 404."""
    return get_object_or_404(Participant.objects.select_related("tournament"), pk=pk, tournament=tournament)


def _current(report: ResultReport | None, board: Board) -> ResultReport | None:
    """An open report still describes the board only if nobody changed the board since."""
    if report is None or board.result or report.board_version != board.version:
        return None
    return report


# --- the player's phone -----------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    result: str
    label: str
    """From the player's side: "I won (1-0)"."""


@dataclass
class PlayerView:
    participant: Participant
    tournament: Tournament
    round: Round | None = None
    board: Board | None = None
    bye: RoundBye | None = None
    colour: str = ""
    opponent: Participant | None = None
    report: ResultReport | None = None
    state: str = "no-round"
    """no-round, not-paired, bye, recorded, report (nothing reported yet), waiting (own report
    open), answer (the opponent's report waits for this player), confirmed, disputed."""
    choices: list[Choice] = field(default_factory=list)
    counter_choices: list[Choice] = field(default_factory=list)

    @property
    def marker(self) -> str:
        """Changes whenever what the page shows changes: the page's poll sends it back."""
        parts = [self.state, self.round.pk if self.round else 0, self.round.status if self.round else ""]
        if self.board is not None:
            parts += [self.board.pk, self.board.version]
        if self.report is not None:
            parts += [self.report.pk, self.report.status]
        return ".".join(str(p) for p in parts)


def _choices(colour: str) -> list[Choice]:
    won, lost = Board.Result.WHITE_WINS, Board.Result.BLACK_WINS
    mine, theirs = (won, lost) if colour == "white" else (lost, won)
    return [
        Choice(mine, f"I won ({mine})"),
        Choice(Board.Result.DRAW, "Draw (½-½)"),
        Choice(theirs, f"I lost ({theirs})"),
    ]


def player_view(participant: Participant) -> PlayerView:
    """What the player's phone shows: their board in the latest published round and its report."""
    tournament = participant.tournament
    view = PlayerView(participant, tournament, round=latest_round(tournament))
    if view.round is None:
        return view
    board = (
        Board.objects.filter(Q(white=participant) | Q(black=participant), round=view.round)
        .select_related("white", "black")
        .first()
    )
    if board is None:
        view.bye = RoundBye.objects.filter(participant=participant, round_number=view.round.number).first()
        view.state = "bye" if view.bye else "not-paired"
        return view
    view.board = board
    view.colour = "white" if board.white_id == participant.pk else "black"
    view.opponent = board.black if view.colour == "white" else board.white
    view.choices = _choices(view.colour)
    if board.result or view.round.status == Round.Status.FINISHED:
        view.state = "recorded"
        return view
    report = _current(ResultReport.objects.filter(board=board, status__in=ResultReport.OPEN).first(), board)
    view.report = report
    if report is None:
        view.state = "report"
    elif report.status == ResultReport.Status.REPORTED:
        view.state = "waiting" if report.reported_by_id == participant.pk else "answer"
        view.counter_choices = [c for c in view.choices if c.result != report.result]
    else:
        view.state = report.status
    return view


# --- the arbiter's table ----------------------------------------------------------------------


@dataclass(frozen=True)
class BoardReport:
    board: Board
    report: ResultReport | None
    """The open report that still describes the board, or None."""
    state: str
    """finished (the board has its result), reported (one player so far), confirmed, disputed, missing."""

    @property
    def pending(self) -> bool:
        return self.report is not None


@dataclass(frozen=True)
class Counts:
    boards: int
    finished: int
    reported: int
    confirmed: int
    disputed: int
    missing: int


@dataclass(frozen=True)
class RoundOverview:
    round: Round
    rows: list[BoardReport]
    counts: Counts
    marker: str
    """Changes whenever a board or a report of the round changes: the live poll compares it."""
    reports_stamp: str
    """Changes whenever a report of the round changes (``reports_stamp``)."""

    @cached_property
    def by_board(self) -> dict[int, BoardReport]:
        return {row.board.pk: row for row in self.rows}


def _stamp(count: int, at) -> str:
    return f"{count}.{at.timestamp() if at else 0}"


def reports_stamp(tournament_id: int, number: int) -> str:
    """Changes whenever a report of the round is made, answered or closed (one query): what the
    round page's live poll compares, since a report changes no board (nor the tournament's version)."""
    stamp = ResultReport.objects.filter(
        board__round__tournament_id=tournament_id, board__round__number=number
    ).aggregate(n=Count("pk"), at=Max("updated_at"))
    return _stamp(stamp["n"], stamp["at"])


def round_overview(rnd: Round, boards: list[Board] | None = None) -> RoundOverview:
    """Every board of the round with its open report and state, and the counts: one query for the
    round's reports, and one for its boards unless the caller has them (the round page does)."""
    if boards is None:
        boards = list(Board.objects.filter(round=rnd).select_related("white", "black").order_by("number"))
    every = list(ResultReport.objects.filter(board__round=rnd).select_related("reported_by", "answered_by"))
    reports = {r.board_id: r for r in every if r.status in ResultReport.OPEN}
    rows = []
    for board in boards:
        report = _current(reports.get(board.pk), board)
        if board.result:
            state = "finished"
        elif report is None:
            state = "missing"
        else:
            state = report.status
        rows.append(BoardReport(board, report, state))
    tally = {
        s: sum(1 for r in rows if r.state == s)
        for s in ("finished", "reported", "confirmed", "disputed", "missing")
    }
    counts = Counts(boards=len(rows), **tally)
    stamp = _stamp(len(every), max((r.updated_at for r in every), default=None))
    versions = sum(b.version for b in boards)
    return RoundOverview(rnd, rows, counts, f"{rnd.status}.{versions}.{stamp}", stamp)


# --- the organiser's links page and the log ---------------------------------------------------


@dataclass(frozen=True)
class LinkRow:
    participant: Participant
    link: ReportingLink | None


def link_rows(tournament: Tournament) -> list[LinkRow]:
    live = {
        link.participant_id: link
        for link in ReportingLink.objects.filter(tournament=tournament, revoked_at__isnull=True)
    }
    people = Participant.objects.filter(tournament=tournament).order_by("name")
    return [LinkRow(p, live.get(p.pk)) for p in people]


def without_link(tournament: Tournament, *, with_email: bool = False) -> list[Participant]:
    """Active participants with no live link (optionally only those the roster has an address for)."""
    people = (
        Participant.objects.filter(tournament=tournament, status=Participant.Status.ACTIVE)
        .exclude(pk__in=ReportingLink.objects.filter(revoked_at__isnull=True).values("participant_id"))
        .select_related("tournament")
        .order_by("name")
    )
    return list(people.exclude(email="") if with_email else people)


ACTION_LABELS = {
    "report.submit": "reported",
    "report.confirm": "confirmed",
    "report.dispute": "disputed",
    "report.accept": "accepted",
    "report.auto_accept": "auto-accepted",
    "report.override": "overrode",
    "report.superseded": "closed (the board changed since)",
    "reporting_link.issue": "issued a link",
    "reporting_link.revoke": "revoked a link",
    "reporting_link.email": "e-mailed a link",
    "reporting.settings": "changed auto-accept",
}


@dataclass(frozen=True)
class LogLine:
    entry: AuditLog
    who: str
    """The user for staff steps, the player's name for steps made with a reporting link."""
    label: str
    detail: str


def reporting_log(tournament: Tournament, limit: int = 50) -> list[LogLine]:
    """The latest reporting steps: who reported, confirmed, disputed, accepted, overrode."""
    rows = AuditLog.objects.filter(tournament=tournament, action__startswith="report").select_related("user")
    lines = []
    for entry in rows.order_by("-at", "-id")[:limit]:
        after = entry.after or {}
        who = entry.user.get_username() if entry.user else after.get("by", "system")
        parts = []
        if after.get("board"):
            parts.append(f"board {after['board']}")
        if after.get("result"):
            parts.append(
                Board.Result(after["result"]).label
                if after["result"] in Board.Result.values
                else after["result"]
            )
        if after.get("counter_result"):
            parts.append(f"(says {Board.Result(after['counter_result']).label})")
        if after.get("participant"):
            parts.append(f"for {after['participant']}")
        lines.append(LogLine(entry, who, ACTION_LABELS.get(entry.action, entry.action), " ".join(parts)))
    return lines


def open_reports_by_section(section_ids: list[int]) -> dict[int, tuple[str, str]]:
    """The event page's note per section: the phone reports waiting for an arbiter (one query)."""
    from django.db.models import Count
    from django.urls import reverse
    from django.utils.translation import ngettext

    counts = (
        ResultReport.objects.filter(tournament_id__in=section_ids, status__in=ResultReport.OPEN)
        .values("tournament_id")
        .annotate(n=Count("pk"))
    )
    return {
        row["tournament_id"]: (
            ngettext("%(count)s phone report waiting", "%(count)s phone reports waiting", row["n"])
            % {"count": row["n"]},
            reverse("reports:overview", kwargs={"tournament_id": row["tournament_id"]}),
        )
        for row in counts
    }
