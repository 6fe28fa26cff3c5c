"""Read side of the public pages: what a player or a spectator may see, ready to display.

Everything here reads a fixed number of queries whatever the size of the tournament: the
public rounds, the participants, every board of those rounds and the byes, each in one query,
then works in Python. Only published and finished rounds are public; participants are loaded
without their e-mail address, so no template can show it by mistake.

Scores are half-points, as in the models; :func:`format_points` turns them into "2½".
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TypeVar

from django.db.models import Count, Max, OuterRef, Q, Subquery
from django.db.models.fields.json import KeyTransform
from django.db.models.functions import Lower
from django.http import Http404
from django.utils.translation import gettext

from core.cache import kept_in_process
from core.names import search_key
from pairing.engine.types import ResultCode
from tournaments.models import Board, Participant, Round, RoundBye, Tournament
from tournaments.namesakes import namesake_labels
from tournaments.records import board_result_codes, scoring_for
from tournaments.scores import format_points

T = TypeVar("T")

PUBLIC_ROUND_STATUSES = (Round.Status.PUBLISHED, Round.Status.FINISHED)
PUBLIC_PARTICIPANT_FIELDS = ("id", "tournament_id", *Participant.PUBLIC_FIELDS)
"""The participant columns a public page may read. ``email`` is deliberately absent."""

FIND_LIMIT = 20
"""Most matches "find my board" lists for one search."""


# --- the tournament and its public rounds -------------------------------------------------------


def public_tournament_get(*, token: str) -> Tournament:
    """The tournament behind a public link, or 404. A regenerated link's old token no longer matches."""
    if not token:
        raise Http404
    try:
        # The event comes in the same query, with its number of sections (the header links back
        # to the event's page when it has more than one).
        sections = (
            Tournament.objects.filter(event_id=OuterRef("event_id"))
            .order_by()
            .values("event_id")
            .annotate(n=Count("pk"))
            .values("n")
        )
        return (
            Tournament.objects.select_related("event")
            .annotate(event_sections=Subquery(sections))
            .get(public_token=token)
        )
    except Tournament.DoesNotExist:
        raise Http404(gettext("No tournament at this link.")) from None


def current_round_of(rounds: list[Round]) -> Round | None:
    """The round being played: the first published round still waiting for results, else the last.

    In a Swiss that is the latest public round. A round robin publishes every round when it
    starts, so the latest public round is the last of the event, not the one on the boards now.
    """
    for rnd in rounds:
        if rnd.status == Round.Status.PUBLISHED:
            return rnd
    return rounds[-1] if rounds else None


def public_rounds(*, tournament: Tournament, with_explanations: bool = False) -> list[Round]:
    """Published and finished rounds, in order.

    The engine's explanation of a big round is large (a note per board, every name) and only a
    participant's page reads it, so the others leave it in the database.
    """
    rounds = (
        Round.objects.filter(tournament=tournament, status__in=PUBLIC_ROUND_STATUSES)
        .order_by("number")
        # Baku acceleration's virtual points (participant id -> half-points), small, for the pairing score.
        .annotate(virtual_points=KeyTransform("virtual_points", KeyTransform("baku", "explanation")))
    )
    if not with_explanations:
        rounds = rounds.defer("explanation")
    return list(rounds.defer("error", "task_id"))


# --- one participant's round-by-round record ----------------------------------------------------

SYMBOL = {
    ResultCode.WIN: "1",
    ResultCode.DRAW: "½",
    ResultCode.LOSS: "0",
    ResultCode.FORFEIT_WIN: "+",
    ResultCode.FORFEIT_LOSS: "−",
}
"""How a result letter reads in a participant's record (the letters come from ``pairing.adapters``)."""
BYE_SYMBOL = {
    RoundBye.Kind.PAIRING_ALLOCATED: "bye",
    RoundBye.Kind.HALF_POINT: "½ bye",
    RoundBye.Kind.FULL_POINT: "1 bye",
    RoundBye.Kind.ZERO_POINT: "0 bye",
    RoundBye.Kind.ABSENT: "absent",
    RoundBye.Kind.LATE_ENTRY: "late",
}


@dataclass(slots=True)
class Entry:
    """What one participant did in one round."""

    round_number: int
    points: int | None
    """Half-points scored; ``None`` while the game is in progress."""
    symbol: str
    """"1", "½", "0", "+", "−", "bye", or "" while pending."""
    opponent_id: int | None = None
    colour: str | None = None
    """"w" or "b" for games (and forfeits), ``None`` for byes."""
    board: int | None = None
    bye_kind: str = ""
    score_before: int = 0
    score_after: int | None = None


ResultScores = dict[str, tuple[int, str, int, str]]
"""A board's result → white's half-points and symbol, black's half-points and symbol."""


def result_scores(tournament: Tournament) -> ResultScores:
    """Each result's points and symbols under the tournament's scoring, worked out once: a
    1000-player event has 4500 boards and only eight kinds of result."""
    scoring = scoring_for(tournament)
    table: ResultScores = {}
    for result in Board.Result.values:
        codes = board_result_codes(result) if result else None
        if codes is None:  # not played (0-0): no letter, no points
            table[result] = (0, "0", 0, "0")
            continue
        white, black = codes
        table[result] = (
            scoring.points(white),
            SYMBOL.get(white, "0"),
            scoring.points(black),
            SYMBOL.get(black, "0"),
        )
    return table


def _board_entries(scores: ResultScores, board: BoardRow, round_number: int) -> tuple[Entry, Entry]:
    if not board.result:
        white = Entry(round_number, None, "", board.black_id, "w", board.number)
        black = Entry(round_number, None, "", board.white_id, "b", board.number)
        return white, black
    white_points, white_symbol, black_points, black_symbol = scores.get(board.result, (0, "0", 0, "0"))
    return (
        Entry(round_number, white_points, white_symbol, board.black_id, "w", board.number),
        Entry(round_number, black_points, black_symbol, board.white_id, "b", board.number),
    )


@dataclass(frozen=True, slots=True)
class BoardRow:
    number: int
    white_id: int
    black_id: int
    result: str


def participant_version(tournament: Tournament, participant_id: int) -> int:
    """The version one participant's page depends on (one query): the standings' version, or the
    later version their own result was entered at. Other boards' results in the round being played
    do not change their page, so a thousand player pages are not all rebuilt after every result."""
    own = (
        Board.objects.filter(round__tournament=tournament, changed_version__gt=tournament.standings_version)
        .filter(Q(white_id=participant_id) | Q(black_id=participant_id))
        .aggregate(latest=Max("changed_version"))["latest"]
    )
    return max(tournament.standings_version, own or 0)


# --- the whole public picture --------------------------------------------------------------------


@dataclass(slots=True)
class Snapshot:
    """Every public fact about a tournament, loaded in four queries."""

    tournament: Tournament
    rounds: list[Round]
    participants: dict[int, Participant]
    boards: dict[int, list[BoardRow]]
    """Boards per round number, in board order."""
    byes: dict[int, list[RoundBye]]
    """Byes per public round number."""
    history: dict[int, dict[int, Entry]] = field(default_factory=dict)
    """participant id → round number → entry, with running scores filled in."""
    tell_apart: dict[int, str] = field(default_factory=dict)
    """participant id → what tells a namesake apart (``tournaments.namesakes``, public labels)."""

    @property
    def current_round(self) -> Round | None:
        return current_round_of(self.rounds)

    @property
    def latest_round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int) -> Round:
        for rnd in self.rounds:
            if rnd.number == number:
                return rnd
        raise Http404(gettext("That round is not public."))

    def score(self, participant_id: int) -> int:
        entries = self.history.get(participant_id, {})
        return sum(entry.points or 0 for entry in entries.values())

    def score_before(self, participant_id: int, round_number: int) -> int:
        entries = self.history.get(participant_id, {})
        return sum(entry.points or 0 for number, entry in entries.items() if number < round_number)


def snapshot_shared(*, tournament: Tournament) -> Snapshot:
    """The public picture of ``tournament`` at its current version, loaded once per process: the
    pairings, standings, crosstable and the other pages of one version share it."""
    key = ("snapshot", tournament.pk, tournament.public_token, tournament.version, tournament.updated_at)
    return kept_in_process(key, lambda: snapshot_load(tournament=tournament))


def _rounds_explained(tournament: Tournament) -> list[Round]:
    """The public rounds with their explanations, decoded once per process and standings version
    (publishing, finishing or re-pairing a round moves it; a result in play does not)."""
    key = ("rounds", tournament.pk, tournament.public_token, tournament.standings_version)
    return kept_in_process(key, lambda: public_rounds(tournament=tournament, with_explanations=True))


def participant_snapshot(*, tournament: Tournament, participant_id: int) -> Snapshot:
    """The public picture as one participant's page needs it: every public round (explained), but
    only their own boards and byes and the people they met (three small queries), so a player's
    page costs the same in a 1000-player open as in a club evening."""
    rounds = _rounds_explained(tournament)
    numbers = [rnd.number for rnd in rounds]
    boards: dict[int, list[BoardRow]] = defaultdict(list)
    rows = (
        Board.objects.filter(round__tournament=tournament, round__status__in=PUBLIC_ROUND_STATUSES)
        .filter(Q(white_id=participant_id) | Q(black_id=participant_id))
        .order_by("round__number", "number")
        .values_list("round__number", "number", "white_id", "black_id", "result")
    )
    met = {participant_id}
    for number, *board in rows:
        row = BoardRow(*board)
        boards[number].append(row)
        met.update((row.white_id, row.black_id))
    # The people met, and (same query) everyone who shares a name with one of them: their labels.
    met_names = (
        Participant.objects.filter(pk__in=met).order_by().annotate(lowered=Lower("name")).values("lowered")
    )
    loaded = list(
        Participant.objects.annotate(lowered=Lower("name"))
        .filter(Q(pk__in=met) | Q(lowered__in=met_names), tournament=tournament)
        .only(*PUBLIC_PARTICIPANT_FIELDS)
    )
    participants = {p.id: p for p in loaded if p.id in met}
    byes: dict[int, list[RoundBye]] = defaultdict(list)
    for bye in RoundBye.objects.filter(
        tournament=tournament, participant_id=participant_id, round_number__in=numbers
    ).order_by("round_number"):
        byes[bye.round_number].append(bye)
    snapshot = Snapshot(tournament, rounds, participants, dict(boards), dict(byes))
    snapshot.tell_apart = namesake_labels(loaded, public=True)
    _fill_history(snapshot)
    return snapshot


def snapshot_load(*, tournament: Tournament, with_explanations: bool = False) -> Snapshot:
    """Load the public picture of ``tournament``: 4 queries, whatever its size."""
    rounds = public_rounds(tournament=tournament, with_explanations=with_explanations)
    numbers = [rnd.number for rnd in rounds]
    participants = {
        p.id: p
        for p in Participant.objects.filter(tournament=tournament)
        .only(*PUBLIC_PARTICIPANT_FIELDS)
        .order_by("pairing_number", "name", "id")
    }
    boards: dict[int, list[BoardRow]] = defaultdict(list)
    rows = (
        Board.objects.filter(round__tournament=tournament, round__status__in=PUBLIC_ROUND_STATUSES)
        .order_by("round__number", "number")
        .values_list("round__number", "number", "white_id", "black_id", "result")
    )
    for number, *board in rows:  # tuples, not model instances: 4500 boards load in a few ms
        boards[number].append(BoardRow(*board))
    byes: dict[int, list[RoundBye]] = defaultdict(list)
    for bye in RoundBye.objects.filter(tournament=tournament, round_number__in=numbers).order_by(
        "round_number", "participant_id"
    ):
        byes[bye.round_number].append(bye)
    snapshot = Snapshot(tournament, rounds, participants, dict(boards), dict(byes))
    snapshot.tell_apart = namesake_labels(participants.values(), public=True)
    _fill_history(snapshot)
    return snapshot


def _fill_history(snapshot: Snapshot) -> None:
    history: dict[int, dict[int, Entry]] = defaultdict(dict)
    scores = result_scores(snapshot.tournament)
    for number in sorted(set(snapshot.boards) | set(snapshot.byes)):
        for board in snapshot.boards.get(number, []):
            white, black = _board_entries(scores, board, number)
            history[board.white_id][number] = white
            history[board.black_id][number] = black
        for bye in snapshot.byes.get(number, []):
            history[bye.participant_id][number] = Entry(
                number, bye.points, format_points(bye.points), bye_kind=bye.kind
            )
    for entries in history.values():
        running = 0
        for number in sorted(entries):
            entry = entries[number]
            entry.score_before = running
            running += entry.points or 0
            entry.score_after = None if entry.points is None else running
    snapshot.history = dict(history)


# --- page-shaped rows ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Side:
    participant: Participant
    score_before: str
    virtual: str = ""
    """Baku acceleration's virtual points this round: part of the pairing score, never of the standings."""
    paired_on: str = ""
    """The score the pairing used, when a result was corrected after the round was paired (else "")."""


@dataclass(frozen=True, slots=True)
class PairingRow:
    board: int
    white: Side
    black: Side
    result: str
    """Display form of the result: "1-0", "½-½", "+/−", or "" while the game is on."""


@dataclass(frozen=True, slots=True)
class ByeRow:
    participant: Participant
    kind: str
    points: str


RESULT_DISPLAY = {value: label for value, label in Board.Result.choices}
RESULT_DISPLAY[Board.Result.WHITE_WINS_FORFEIT] = "+/−"
RESULT_DISPLAY[Board.Result.BLACK_WINS_FORFEIT] = "−/+"
RESULT_DISPLAY[Board.Result.DOUBLE_FORFEIT] = "−/−"
RESULT_DISPLAY[Board.Result.UNPLAYED] = "0-0"
RESULT_DISPLAY[Board.Result.PENDING] = ""


@dataclass(frozen=True, slots=True)
class RoundPairings:
    round: Round
    rows: list[PairingRow]
    byes: list[ByeRow]
    violations: list[str]
    results_in: int
    accelerated: bool = False
    tell_apart: dict[int, str] = field(default_factory=dict)
    """participant id → what tells a namesake apart (the snapshot's)."""


def violation_messages(rnd: Round) -> list[str]:
    """``Round.violations`` in plain words, whether stored as strings or as engine Violation dicts."""
    messages = []
    for item in rnd.violations or []:
        if isinstance(item, dict):
            messages.append(str(item.get("message") or item.get("rule") or ""))
        else:
            messages.append(str(item))
    return [message for message in messages if message]


def round_pairings(snapshot: Snapshot, number: int) -> RoundPairings:
    rnd = snapshot.round(number)
    people = snapshot.participants
    virtual = getattr(rnd, "virtual_points", None) or {}

    paired_on = rnd.scores_paired_on or {}

    def side(pid: int) -> Side:
        extra = virtual.get(str(pid)) if isinstance(virtual, dict) else None
        score = snapshot.score_before(pid, number)
        used = paired_on.get(str(pid))
        return Side(
            people[pid],
            format_points(score),
            format_points(extra or None),
            format_points(used) if used is not None and used != score else "",
        )

    rows = [
        PairingRow(
            board=board.number,
            white=side(board.white_id),
            black=side(board.black_id),
            result=RESULT_DISPLAY.get(board.result, board.result),
        )
        for board in snapshot.boards.get(number, [])
    ]
    byes = [
        ByeRow(people[bye.participant_id], bye.get_kind_display(), format_points(bye.points))
        for bye in snapshot.byes.get(number, [])
        if bye.participant_id in people
    ]
    byes.sort(key=lambda row: (row.participant.pairing_number or 0, row.participant.name))
    results_in = sum(1 for row in rows if row.result)
    accelerated = any(row.white.virtual or row.black.virtual for row in rows)
    return RoundPairings(
        rnd, rows, byes, violation_messages(rnd), results_in, accelerated, snapshot.tell_apart
    )


@dataclass(frozen=True, slots=True)
class AlphaRow:
    """One line of the pairings in name order (for the wall): who, where, against whom."""

    player: Side
    board: int | None
    colour: str
    """"White", "Black", or the bye's description."""
    opponent: Participant | None


def pairings_by_name(pairing: RoundPairings) -> list[AlphaRow]:
    """Every player of the round in alphabetical order (accents and case ignored), with the bye."""
    rows = [AlphaRow(r.white, r.board, "White", r.black.participant) for r in pairing.rows]
    rows += [AlphaRow(r.black, r.board, "Black", r.white.participant) for r in pairing.rows]
    rows += [AlphaRow(Side(b.participant, ""), None, f"{b.kind} ({b.points})", None) for b in pairing.byes]
    return sorted(rows, key=lambda row: (search_key(row.player.participant.name), row.player.participant.pk))


@dataclass(frozen=True, slots=True)
class RoundSummary:
    round: Round
    boards: int
    results_in: int
    byes: int


def round_summaries(snapshot: Snapshot) -> list[RoundSummary]:
    return [
        RoundSummary(
            rnd,
            len(snapshot.boards.get(rnd.number, [])),
            sum(1 for board in snapshot.boards.get(rnd.number, []) if board.result),
            len(snapshot.byes.get(rnd.number, [])),
        )
        for rnd in snapshot.rounds
    ]


# --- find my board -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardFinding:
    participant: Participant
    board: int | None
    colour: str
    """"White", "Black", or the bye's description."""
    opponent: Participant | None
    result: str


def find_my_board(*, tournament: Tournament, query: str) -> tuple[Round | None, list[BoardFinding]]:
    """Participants whose name contains ``query`` (ignoring accents and case), with their board and colour in the current round.

    Four queries: the current round, the matching participants, their boards and their byes.
    """
    query = query.strip()
    current = current_round_of(public_rounds(tournament=tournament))
    if not query:
        return current, []
    # Normalised in Python: a field is at most a few hundred names, and "zoe" must find "Zoë".
    key = search_key(query)
    matches = [
        p
        for p in Participant.objects.filter(tournament=tournament)
        .only(*PUBLIC_PARTICIPANT_FIELDS)
        .order_by("name", "id")
        if key in search_key(p.name)
    ][:FIND_LIMIT]
    if current is None or not matches:
        return current, [BoardFinding(p, None, "", None, "") for p in matches]
    ids = [p.id for p in matches]
    public_only = [f"{name}__{attr}" for name in ("white", "black") for attr in PUBLIC_PARTICIPANT_FIELDS]
    boards = (
        Board.objects.filter(round=current)
        .filter(Q(white_id__in=ids) | Q(black_id__in=ids))
        .select_related("white", "black")
        .only("id", "number", "result", "white_id", "black_id", *public_only)
    )
    by_participant: dict[int, BoardFinding] = {}
    for board in boards:
        result = RESULT_DISPLAY.get(board.result, board.result)
        by_participant[board.white_id] = BoardFinding(board.white, board.number, "White", board.black, result)
        by_participant[board.black_id] = BoardFinding(board.black, board.number, "Black", board.white, result)
    byes = {
        bye.participant_id: bye
        for bye in RoundBye.objects.filter(
            tournament=tournament, round_number=current.number, participant_id__in=ids
        )
    }
    findings = []
    for p in matches:
        if p.id in by_participant:
            findings.append(by_participant[p.id])
        elif p.id in byes:
            bye = byes[p.id]
            findings.append(BoardFinding(p, None, bye.get_kind_display(), None, format_points(bye.points)))
        else:
            findings.append(BoardFinding(p, None, "Not paired this round", None, ""))
    return current, findings
