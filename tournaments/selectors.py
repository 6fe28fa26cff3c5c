"""Read-only queries for the staff pages. Each returns data ready to display, in a fixed number of
queries (the view tests pin them), so templates never touch related managers.

* ``tournaments_for_user(user)``: the dashboard list, with participant and round counts;
  ``tournament_lists(user)`` splits off the archived ones.
* ``participant_page(tournament, page=, find=)``: one page of the participants in pairing-number
  order (or of those a search finds), each with byes and score, whether they were ever paired, and
  what tells namesakes apart (``namesake_labels``).
* ``upcoming_byes(tournament)``: requested byes and absences for rounds not yet published.
* ``audit_page(tournament, round_number=, board=, page=)``: the audit log, filtered and paginated.
* ``round_rows(tournament)``: every round with board and result counts.
* ``round_boards(rnd, page=, open_only=)``: a page of a round's boards with both players and their
  scores before the round, and the page navigation.
* ``round_get(tournament, number)``: one round or 404.
* ``tiebreak_preview(codes, format)``: the tie-break names a list would publish, or why it is invalid.
* ``registry_search(tournament, query)``: players to register, from the tournament's club roster
  (or, with no club, the FIDE rating list), each marked when already registered.
* ``next_round_number(tournament)`` and ``baku_table(tournament, round_number)``: who is in GA and
  each participant's virtual points for the round being paired (staff only; public pages show real
  scores).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.paginator import Paginator
from django.db.models import Count, F, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404

from clubs.selectors import roster_search
from pairing import adapters as pairing_adapters
from pairing.engine.errors import PairingError
from pairing.engine.tiebreaks import ROUND_ROBIN_DEFAULT, SWISS_DEFAULT, TIEBREAKS, validate_tiebreaks
from pairing.engine.types import Scoring
from ratings.selectors import rated_player_search
from ratings.text import search_key
from tournaments import records
from tournaments.models import AuditLog, Board, ForbiddenPair, Participant, Round, RoundBye, Tournament
from tournaments.namesakes import namesake_labels, namesakes_among, namesakes_of
from tournaments.permissions import visible_tournaments
from tournaments.scores import format_points
from tournaments.services.participants import state as participant_state


def _count_of(model: Any, link: str, *conditions: Q) -> Coalesce:
    """A correlated ``COUNT`` of ``model`` rows whose ``link`` is the outer row. Counting through
    JOINs instead multiplies the rows (5,000 participants x 12 rounds) and groups by every column,
    the rounds' explanations (megabytes of JSON) included."""
    rows = model.objects.filter(*conditions, **{link: OuterRef("pk")}).order_by().values(link)
    return Coalesce(Subquery(rows.annotate(n=Count("pk")).values("n")), 0)


def tournaments_for_user(user: Any) -> list[Tournament]:
    qs = visible_tournaments(user).order_by("-created_at")
    return list(
        qs.annotate(
            n_participants=_count_of(Participant, "tournament"), n_rounds=_count_of(Round, "tournament")
        )
    )


AUDIT_PAGE_SIZE = 50


@dataclass
class AuditRow:
    entry: AuditLog
    what: str
    """The change in a few words: "round 3 board 2", a participant's name, or the object type."""
    before: str
    after: str


def _compact(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items() if v not in (None, "", [], {}))
    return str(value)


def audit_page(
    tournament: Tournament, *, round_number: int | None = None, board: int | None = None, page: Any = 1
) -> Any:
    """One page of the tournament's audit log, newest first, optionally for one round and board.

    Results carry their round and board number; round actions (pairing, publishing, hand edits)
    are matched by the round's id. Returns a Django ``Page`` of ``AuditRow``.
    """
    entries = AuditLog.objects.filter(tournament=tournament).select_related("user")
    if round_number is not None:
        round_ids = [
            str(pk)
            for pk in Round.objects.filter(tournament=tournament, number=round_number).values_list(
                "pk", flat=True
            )
        ]
        entries = entries.filter(
            Q(after__round=round_number) | Q(object_type="round", object_id__in=round_ids)
        )
    if board is not None:
        entries = entries.filter(after__board=board)
    paginator = Paginator(entries.order_by("-at", "-id"), AUDIT_PAGE_SIZE)
    found = paginator.get_page(page)
    rows = []
    for entry in found.object_list:
        after = entry.after if isinstance(entry.after, dict) else {}
        before = entry.before if isinstance(entry.before, dict) else {}
        if "board" in after and "round" in after:
            what = f"round {after['round']} board {after['board']}"
        elif entry.object_type == "round" and "number" in after:
            what = f"round {after['number']}"
        elif entry.object_type == "participant":
            what = after.get("name") or before.get("name") or f"participant {entry.object_id}"
        else:
            what = entry.object_type
        rows.append(AuditRow(entry, what, _compact(entry.before), _compact(entry.after)))
    found.object_list = rows
    return found


def tournament_lists(user: Any) -> tuple[list[Tournament], list[Tournament]]:
    """The dashboard: (running and coming tournaments, archived ones), one query."""
    everything = tournaments_for_user(user)
    return [t for t in everything if t.archived_at is None], [t for t in everything if t.archived_at]


@dataclass
class ParticipantRow:
    participant: Participant
    score: str
    byes: list[RoundBye]
    paired: bool = False
    """Ever paired: the entry can no longer be deleted, only withdrawn."""
    tell_apart: str = ""
    """For namesakes only: the club, FIDE id or rating that tells them apart."""


def participant_deletable(participant: Participant) -> bool:
    return participant.pk not in participant_state.paired_ids(participant.tournament)


def _paired_among(tournament: Tournament, ids: list[int]) -> set[int]:
    """Which of ``ids`` ever sat at a board or got the pairing-allocated bye (two queries, over
    these participants' boards only: ``participant_state.paired_ids`` reads the whole event's)."""
    boards = Board.objects.filter(round__tournament=tournament).filter(
        Q(white_id__in=ids) | Q(black_id__in=ids)
    )
    paired = {pk for pair in boards.values_list("white_id", "black_id") for pk in pair}
    paired.update(
        RoundBye.objects.filter(
            tournament=tournament, kind=RoundBye.Kind.PAIRING_ALLOCATED, participant_id__in=ids
        ).values_list("participant_id", flat=True)
    )
    if tournament.baku_last_ga_id:
        paired.add(tournament.baku_last_ga_id)
    return paired & set(ids)


def _participant_rows(
    tournament: Tournament, people: list[Participant], everyone: list[Any]
) -> list[ParticipantRow]:
    """``people`` (a page of ``everyone``) with their scores, byes, whether they were ever paired
    and what tells namesakes apart in the whole field (five queries, whatever the field's size)."""
    ids = [p.pk for p in people]
    paired = _paired_among(tournament, ids)
    labels = namesake_labels(everyone)
    last = (
        Round.objects.filter(tournament=tournament).exclude(status__in=["pairing", "draft", "failed"]).count()
    )
    scores = _scores_of(tournament, last, set(ids))
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
    or a club (case ignored)."""
    if find.isdigit():
        return lambda p: p.pairing_number == int(find) or p.fide_id == find
    key = find.casefold()
    return lambda p: key in p.name.casefold() or key in p.club_name.casefold()


def participant_page(tournament: Tournament, *, page: Any = 1, find: str = "") -> Any:
    """One page (``settings.PARTICIPANTS_PAGE_SIZE``) of the participants in pairing-number order,
    of those the search ``find`` matches in the whole field when given. Returns a Django ``Page``
    of ``ParticipantRow`` (``page.paginator.count`` counts every match) with ``everyone``, the
    whole field in that order (the desk's bye and keep-apart forms choose among them).

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
    found.object_list = _participant_rows(tournament, people, everyone)
    found.everyone = everyone
    return found


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


def round_rows(tournament: Tournament) -> list[Round]:
    return list(
        Round.objects.filter(tournament=tournament)
        .defer("explanation")
        .annotate(n_boards=_count_of(Board, "round"), n_results=_count_of(Board, "round", ~Q(result="")))
        .order_by("number")
    )


def round_get(tournament: Tournament, number: int) -> Round:
    try:
        return Round.objects.get(tournament=tournament, number=number)
    except Round.DoesNotExist:
        raise Http404(f"Round {number} does not exist") from None


@dataclass
class BoardRow:
    board: Board
    white_score: str
    black_score: str
    white_paired_on: str = ""
    """The score the pairing used, when a correction since changed it (else "")."""
    black_paired_on: str = ""
    white_tell_apart: str = ""
    """For namesakes only: what tells the player apart (``tournaments.namesakes``)."""
    black_tell_apart: str = ""


def _paired_on(rnd: Round, pid: int, score: int) -> str:
    used = (rnd.scores_paired_on or {}).get(str(pid))
    return format_points(used) if used is not None and used != score else ""


def _board_row(rnd: Round, b: Board, scores: dict[int, int], labels: dict[int, str]) -> BoardRow:
    white, black = scores.get(b.white_id, 0), scores.get(b.black_id, 0)
    return BoardRow(
        b,
        format_points(white),
        format_points(black),
        _paired_on(rnd, b.white_id, white),
        _paired_on(rnd, b.black_id, black),
        labels.get(b.white_id, ""),
        labels.get(b.black_id, ""),
    )


@dataclass(frozen=True)
class BoardPage:
    """One page of a round's boards: board numbers ``first`` to ``last`` (those shown only, with
    the "without a result" filter), ``open`` of them still without a result."""

    number: int
    first: int
    last: int
    open: int


@dataclass
class BoardPager:
    pages: list[BoardPage]
    current: BoardPage | None
    """None when nothing is shown (the filter is on and every board has a result)."""
    open_only: bool
    open_total: int
    boards_total: int

    @property
    def paged(self) -> bool:
        """More than one page, or the filter on: the page shows its navigation."""
        return len(self.pages) > 1 or self.open_only

    def _at(self, offset: int) -> BoardPage | None:
        if self.current is None:
            return None
        index = self.current.number - 1 + offset
        return self.pages[index] if 0 <= index < len(self.pages) else None

    @property
    def previous(self) -> BoardPage | None:
        return self._at(-1)

    @property
    def next(self) -> BoardPage | None:
        return self._at(1)

    @property
    def next_open(self) -> BoardPage | None:
        """The first page after this one with a board still waiting for its result (where the
        keyboard goes on from the last open board of this page)."""
        after = self.pages[self.current.number :] if self.current else []
        return next((p for p in after if p.open), None)


def _board_pages(
    boards: list[Board], *, open_only: bool, per_page: int, page: Any
) -> tuple[list[BoardPage], BoardPage | None]:
    shown = [b for b in boards if not b.result] if open_only else boards
    chunks = [shown[i : i + per_page] for i in range(0, len(shown), per_page)]
    pages = [
        BoardPage(n, chunk[0].number, chunk[-1].number, sum(1 for b in chunk if not b.result))
        for n, chunk in enumerate(chunks, start=1)
    ]
    try:
        wanted = int(page)
    except (TypeError, ValueError):
        wanted = 1
    return pages, pages[min(max(wanted, 1), len(pages)) - 1] if pages else None


def page_of_board(number: int, *, per_page: int | None = None) -> int:
    """The page (all boards) a board number is on, when the round's boards are numbered 1..n."""
    return (number - 1) // (per_page or settings.ROUND_PAGE_BOARDS) + 1


@dataclass
class RoundView:
    round: Round
    boards: list[BoardRow]
    """The boards of the page shown."""
    bye: RoundBye | None
    absent: list[RoundBye]
    names: dict[int, str]
    pager: BoardPager
    every_board: list[Board]
    """Every board of the round with its number, result and version only (the counts, the
    players' reports)."""
    tell_apart: dict[int, str]
    """Participant id -> what tells a namesake apart (``tournaments.namesakes``)."""

    @property
    def bye_points(self) -> str:
        return format_points(self.bye.points) if self.bye else ""

    @property
    def last_board(self) -> int:
        return self.every_board[-1].number if self.every_board else 0


def _points(tournament: Tournament, histories: dict[int, tuple[Any, ...]]) -> dict[int, int]:
    """Half-points per participant of ``records.histories_for_tournament``'s records."""
    scoring: Scoring = records.scoring_for(tournament)
    return {pk: sum(scoring.points(r.result) for r in recs) for pk, recs in histories.items()}


def _scores_of(tournament: Tournament, through_round: int, ids: Iterable[int]) -> dict[int, int]:
    """Half-points after ``through_round`` for the participants ``ids`` only, from their own games
    and byes (two queries, and rows for these players alone: a page of a 5,000-player round
    scores 200 players, not the field)."""
    return _points(tournament, records.histories_for_tournament(tournament, through_round, ids=ids))


def round_board_states(rnd: Round) -> list[Board]:
    """Every board of the round with its number, result and version only, in board order (one
    query): what the page navigation and the players' reports counts need."""
    return list(Board.objects.filter(round=rnd).only("id", "number", "result", "version").order_by("number"))


def round_boards(
    rnd: Round, *, page: Any = 1, open_only: bool = False, per_page: int | None = None
) -> RoundView:
    """One page of the round's boards (``settings.ROUND_PAGE_BOARDS`` per page; with ``open_only``
    the boards without a result only) with players and scores before the round, the bye, who sits
    out, the page navigation and every player's name (seven queries, whatever the field's size)."""
    tournament = rnd.tournament
    every = round_board_states(rnd)
    pages, current = _board_pages(
        every, open_only=open_only, per_page=per_page or settings.ROUND_PAGE_BOARDS, page=page
    )
    boards = (
        Board.objects.filter(round=rnd, number__range=(current.first, current.last))
        .select_related("white", "black")
        .order_by("number")
        if current
        else Board.objects.none()
    )
    if open_only:
        boards = boards.filter(result=Board.Result.PENDING)
    shown = list(boards)
    scores = _scores_of(tournament, rnd.number - 1, {pk for b in shown for pk in (b.white_id, b.black_id)})
    names = dict(Participant.objects.filter(tournament=tournament).values_list("pk", "name"))
    labels = namesakes_of(tournament)
    byes = list(
        RoundBye.objects.filter(tournament=tournament, round_number=rnd.number).select_related("participant")
    )
    pab = next((b for b in byes if b.kind == RoundBye.Kind.PAIRING_ALLOCATED), None)
    pager = BoardPager(pages, current, open_only, sum(1 for b in every if not b.result), len(every))
    return RoundView(
        round=rnd,
        boards=[_board_row(rnd, b, scores, labels) for b in shown],
        bye=pab,
        absent=[b for b in byes if b.kind != RoundBye.Kind.PAIRING_ALLOCATED],
        names=names,
        pager=pager,
        every_board=every,
        tell_apart=labels,
    )


LIVE_ROWS_LIMIT = 50
"""More changes than this since the version a live table shows: it is re-rendered whole."""


def board_rows_changed(
    rnd: Round, seen: int | None, *, within: tuple[int, int] | None = None
) -> list[BoardRow] | None:
    """The rows of ``rnd`` whose result changed since the tournament's version ``seen`` (of boards
    numbered ``within`` this range only: the page shown), or ``None`` when the whole table must be
    re-rendered (three queries, a fourth for the namesakes when rows changed).

    Only result entries stamp a board with the version they made (``Board.changed_version``), one
    board per version; when the boards changed since ``seen`` do not account for every version in
    between, something else changed (a withdrawal, a re-pairing, a correction in an earlier round
    that moves the scores shown): ``None``. So is a result changed in an earlier round.
    """
    tournament = rnd.tournament
    if seen is None or not 0 <= tournament.version - seen <= LIVE_ROWS_LIMIT:
        return None
    changed = list(
        Board.objects.filter(round__tournament=tournament, changed_version__gt=seen)
        .select_related("round", "white", "black")
        .defer("round__explanation", "round__error")
    )
    versions = {b.changed_version for b in changed}
    if versions != set(range(seen + 1, tournament.version + 1)) or len(changed) != len(versions):
        return None
    if any(b.round.number < rnd.number for b in changed):
        return None
    mine = sorted(
        (
            b
            for b in changed
            if b.round_id == rnd.pk and (within is None or within[0] <= b.number <= within[1])
        ),
        key=lambda b: b.number,
    )
    if not mine:
        return []
    scores = _scores_of(tournament, rnd.number - 1, [pk for b in mine for pk in (b.white_id, b.black_id)])
    labels = namesakes_among(tournament, [p for b in mine for p in (b.white, b.black)])
    return [
        BoardRow(
            b,
            format_points(scores.get(b.white_id, 0)),
            format_points(scores.get(b.black_id, 0)),
            white_tell_apart=labels.get(b.white_id, ""),
            black_tell_apart=labels.get(b.black_id, ""),
        )
        for b in mine
    ]


def next_round_number(tournament: Tournament) -> int:
    latest = Round.objects.filter(tournament=tournament).order_by("-number").first()
    if latest is None:
        return 1
    if latest.status in (Round.Status.PAIRING, Round.Status.DRAFT, Round.Status.FAILED):
        return latest.number
    return latest.number + 1


@dataclass
class BakuRow:
    participant: Participant
    in_ga: bool
    score: str
    virtual_points: str
    pairing_score: str


def baku_table(tournament: Tournament, round_number: int) -> list[BakuRow]:
    """Group GA and virtual points for ``round_number`` (empty unless the tournament uses Baku)."""
    if tournament.acceleration != Tournament.Acceleration.BAKU:
        return []
    people = list(Participant.objects.filter(tournament=tournament).order_by("pairing_number", "name"))
    scores = _points(
        tournament,
        records.histories_for_tournament(tournament, round_number - 1, participants=people),
    )
    ga = pairing_adapters.ga_participant_ids(tournament, people)
    vp = pairing_adapters.virtual_points(tournament, round_number, people)
    return [
        BakuRow(
            participant=p,
            in_ga=p.pk in ga,
            score=format_points(scores.get(p.pk, 0)),
            virtual_points=format_points(vp.get(p.pk, 0)),
            pairing_score=format_points(scores.get(p.pk, 0) + vp.get(p.pk, 0)),
        )
        for p in people
    ]


def board_row(board: Board) -> BoardRow:
    """One board with both players' scores before its round (for re-rendering a single row)."""
    rnd = board.round
    scores = _scores_of(rnd.tournament, rnd.number - 1, (board.white_id, board.black_id))
    return _board_row(rnd, board, scores, namesakes_among(rnd.tournament_id, (board.white, board.black)))


TIEBREAK_NAMES = {info.code: info.name for info in TIEBREAKS}


def tiebreak_preview(codes: str, fmt: str) -> tuple[list[str], str]:
    """The tie-breaks that would be published for ``codes`` (empty: the format's defaults), as
    "CODE — Name", or no names and the engine's message why the list is not valid."""
    round_robin = fmt == Tournament.Format.ROUND_ROBIN
    raw = [c for c in codes.split(",") if c.strip()] or list(
        ROUND_ROBIN_DEFAULT if round_robin else SWISS_DEFAULT
    )
    try:
        return [f"{c} — {TIEBREAK_NAMES[c]}" for c in validate_tiebreaks(raw, round_robin=round_robin)], ""
    except PairingError as exc:
        return [], str(exc)


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
