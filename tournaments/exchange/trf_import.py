"""TRF import: a new tournament from a TRF file, so an event paired elsewhere can be continued here.

The engine's reader (``pairing.engine.trf.parse_trf``) reads the file; this module turns what it
read into a tournament owned by the importing user, with participants (pairing number = TRF
starting rank), finished rounds, boards and byes. The whole file is read and checked before
anything is written, and everything is written in one transaction; every error names the line and
column.

What TRF cannot carry and the import therefore decides: a zero-point round (``Z``) becomes an
absence; board numbers follow the FIDE board order (GHR 3.6) of the scores before the round; games
of less than one move (``W D L``) become ordinary results (reported in the ``Imported`` answer's
``warnings``).
Forbidden pairs (``260`` with its round range, ``XXP`` for every round) become one
``ForbiddenPair`` per two participants of a group; a range from round 1 to the last round (or 999)
is stored as open at both ends, as the app itself records "all rounds".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from itertools import combinations

from django.db import transaction
from django.utils.translation import gettext

from core.errors import ValidationFailed
from pairing.engine.errors import InvalidRequestError, TrfError
from pairing.engine.tiebreaks import ROUND_ROBIN_DEFAULT, SWISS_DEFAULT, validate_tiebreaks
from pairing.engine.trf import TrfTournament, decode_trf, parse_trf
from pairing.engine.types import Colour, ResultCode, RoundRecord, Scoring
from tournaments.exchange.trf_comments import read_comments
from tournaments.exchange.trf_export import TRF_TO_TITLE
from tournaments.models import (
    Board,
    ForbiddenPair,
    Participant,
    ParticipantRating,
    Round,
    RoundBye,
    Tournament,
    TournamentRole,
)
from tournaments.records import board_result_from_codes
from tournaments.services.audit import audit_record
from tournaments.services.tournaments import SETTING_FIELDS, settings_errors
from tournaments.text import TextProblem, clean_line


class TrfImportError(ValidationFailed):
    """The file cannot be imported; ``line`` and ``column`` (1-based) say where."""

    def __init__(self, reason: str, line: int, column: int = 1) -> None:
        message = f"line {line}, column {column}: {reason}"
        super().__init__(message, errors={"file": [message]})
        self.line = line
        self.column = column


@dataclass(frozen=True)
class Imported:
    """What an import made: the new tournament, and what the file said that this program has no
    place for, in plain words (a JSON backup keeps everything: none)."""

    tournament: Tournament
    warnings: tuple[str, ...] = ()


@dataclass
class _PlannedBoard:
    round: int
    white: int
    black: int
    result: str


def trf_text(data: bytes) -> str:
    """An uploaded TRF file's text: the engine's reading of its bytes (UTF-8, else Latin-1)."""
    return decode_trf(data)


def trf_import(*, text: str, owner, name: str = "") -> Imported:
    """Create a tournament from a TRF file, owned (as organiser) by ``owner``.

    1. Parse with the engine's reader (``TrfError`` names the line and column).
    2. Turn every round into boards and byes, checking that both sides of each game agree.
    3. Write the tournament, participants, rounds, boards and byes in one transaction.

    Raises ``TrfImportError`` (a ``ValidationFailed``) naming the line and column; nothing is saved then.
    Returns the tournament with what the file says that this program has no place for, listed in
    plain words (``Imported.warnings``).
    """
    _check_storable(text)
    try:
        trf = parse_trf(text)
    except TrfError as exc:
        raise TrfImportError(exc.reason, exc.line, exc.column) from None
    locator = _Locator(text)
    if not trf.players:
        raise TrfImportError(gettext("the file has no player records (001)"), 1)
    played = trf.played_rounds
    total = max(trf.total_rounds or played, played, 1)
    boards, byes = _plan_rounds(trf, played, locator)
    forbidden = _plan_forbidden(trf, total, locator)
    scoring = trf.scoring
    pab = scoring.points(ResultCode.PAB)
    if scoring.win <= scoring.loss:
        raise TrfImportError(gettext("a win must score more than a loss"), locator.record("162", "XXS") or 1)
    tournament = Tournament(
        name=_line(name or trf.name, "the tournament's name", locator.record("012") or 1)[:150]
        or "Imported tournament",
        place=_line(trf.city, "the place", locator.record("022") or 1)[:150],
        start_date=_parse_date(trf.start_date),
        end_date=_parse_date(trf.end_date),
        format=_format(trf.type_code),
        double_round_robin=trf.type_code.upper() == "FIDE_DOUBLEROUNDROBIN",
        rounds_planned=total,
        win_points=scoring.win,
        draw_points=scoring.draw,
        loss_points=scoring.loss,
        bye_points=pab,
        initial_colour=(trf.initial_colour or _inferred_initial_colour(trf) or Colour.WHITE).value,
        acceleration=(
            Tournament.Acceleration.BAKU
            if trf.type_code.upper().endswith("_BAKU") or any(p.accelerations for p in trf.players)
            else Tournament.Acceleration.NONE
        ),
        status=(
            Tournament.Status.REGISTRATION
            if played == 0
            else Tournament.Status.FINISHED
            if played >= total
            else Tournament.Status.RUNNING
        ),
        created_by=owner,
    )
    _read_fide_mode_comments(tournament, trf.comments)
    notes = read_comments(trf.comments)
    tournament.long_tournament = notes.long_tournament
    tournament.rating_basis, tournament.rating_basis_round = notes.rating_basis, notes.rating_basis_round
    round_robin = tournament.format == Tournament.Format.ROUND_ROBIN
    tournament.tiebreaks = _tiebreaks(trf.tiebreaks, round_robin) or ",".join(
        ROUND_ROBIN_DEFAULT if round_robin else SWISS_DEFAULT
    )
    problems = settings_errors({name: getattr(tournament, name) for name in SETTING_FIELDS})
    if problems:
        messages = " ".join(m for ms in problems.values() for m in ms)
        raise TrfImportError(
            gettext("the file describes a tournament this program cannot run: %(messages)s")
            % {"messages": messages},
            locator.record("162", "XXS", "BBW", "250", "XXA", "192", "052") or 1,
        )
    # This program's ``###`` lines name the players expelled from a Swiss (TRF has no record for it).
    expelled = {} if round_robin else trf.expelled
    participants = [
        Participant(
            name=_line(p.name, "the player's name", locator.players.get(p.id, 1))[:100] or f"Player {p.id}",
            rating=p.rating,
            title=TRF_TO_TITLE.get(p.title.lower(), ""),
            federation=p.federation[:3],
            fide_id=p.fide_id[:12],
            pairing_number=p.id,
            half_byes_barred=p.id in notes.barred,
            status=Participant.Status.EXPELLED if p.id in expelled else Participant.Status.ACTIVE,
            withdrawn_from_round=expelled.get(p.id),
        )
        for p in trf.players
    ]
    dates = [_parse_round_date(d) for d in trf.round_dates]
    with transaction.atomic():
        tournament.save()
        TournamentRole.objects.create(tournament=tournament, user=owner, role=TournamentRole.Role.ORGANISER)
        for p in participants:
            p.tournament = tournament
        Participant.objects.bulk_create(participants)
        by_id = {p.pairing_number: p for p in Participant.objects.filter(tournament=tournament)}
        ParticipantRating.objects.bulk_create(
            ParticipantRating(participant=by_id[rank], from_round=from_round, rating=rating)
            for rank, from_round, rating in dict(
                ((rank, from_round), (rank, from_round, rating)) for rank, from_round, rating in notes.ratings
            ).values()
            if rank in by_id and rating <= 3500
        )
        rounds = Round.objects.bulk_create(
            Round(
                tournament=tournament,
                number=number,
                status=Round.Status.FINISHED,
                published_at=dates[number - 1] if number <= len(dates) else None,
            )
            for number in range(1, played + 1)
        )
        round_by_number = {r.number: r for r in rounds}
        board_numbers: dict[int, int] = {}
        objects = []
        for b in boards:
            board_numbers[b.round] = board_numbers.get(b.round, 0) + 1
            objects.append(
                Board(
                    round=round_by_number[b.round],
                    number=board_numbers[b.round],
                    white=by_id[b.white],
                    black=by_id[b.black],
                    result=b.result,
                )
            )
        Board.objects.bulk_create(objects)
        RoundBye.objects.bulk_create(
            RoundBye(
                tournament=tournament,
                participant=by_id[pid],
                round_number=rnd,
                kind=kind,
                points=points,
            )
            for rnd, pid, kind, points in byes
        )
        pairs = []
        for a, b, first_round, last_round in forbidden:
            low, high = sorted((by_id[a], by_id[b]), key=lambda p: p.pk)
            pairs.append(
                ForbiddenPair(
                    tournament=tournament,
                    first=low,
                    second=high,
                    first_round=first_round,
                    last_round=last_round,
                )
            )
        ForbiddenPair.objects.bulk_create(pairs)
        if tournament.acceleration == Tournament.Acceleration.BAKU:
            ga = [p.id for p in trf.players if p.accelerations and p.accelerations[0]]
            if ga:
                tournament.baku_last_ga = by_id[max(ga)]
                tournament.save(update_fields=["baku_last_ga"])
        audit_record(
            tournament=tournament,
            user=owner,
            action="tournament_import_trf",
            obj=tournament,
            after={"players": len(participants), "rounds": played, "forbidden_pairs": len(forbidden)},
        )
    return Imported(tournament, tuple(_warnings(trf, locator)))


def _warnings(trf: TrfTournament, locator: _Locator) -> list[str]:
    """What the import could not keep."""
    warnings = []
    unrated = ResultCode.UNRATED_WIN, ResultCode.UNRATED_DRAW, ResultCode.UNRATED_LOSS
    if any(r.result in unrated for p in trf.players for r in p.records):
        warnings.append(
            "Games of less than one move (W/D/L) were imported as ordinary results; a new export writes 1/=/0."
        )
    full = sorted(
        (number, p.name)
        for p in trf.players
        for number, r in enumerate(p.records, start=1)
        if r.result == ResultCode.FULL_BYE
    )
    for number, name in full:
        # FIDE's 2026 rules keep full-point byes only as a deprecated option (endorsement checklist
        # items 177-179): imported as they are, said plainly, and written as a ### line on export.
        warnings.append(
            gettext(
                "Round %(round)s: %(name)s has a full-point bye (F). FIDE's rules deprecate full-point byes; it is kept and every TRF export lists it in a ### line."
            )
            % {"round": number, "name": name}
        )
    return warnings


def _plan_forbidden(
    trf: TrfTournament, total: int, locator: _Locator
) -> list[tuple[int, int, int | None, int | None]]:
    """(id, id, first round or None, last round or None) for every two players of a forbidden group,
    each pair and range once. A group that starts after the last round never applies: left out."""
    known = {p.id for p in trf.players}
    planned: dict[tuple[int, int, int | None, int | None], None] = {}
    for group in trf.forbidden:
        if group.first_round > total:
            continue
        missing = [pid for pid in group.ids if pid not in known]
        if missing:
            raise TrfImportError(
                gettext("forbidden pair: player %(missing)s has no player record") % {"missing": missing[0]},
                locator.record("260", "XXP") or 1,
            )
        first = None if group.first_round <= 1 else group.first_round
        last = None if group.last_round is None or group.last_round >= total else group.last_round
        for a, b in combinations(sorted(set(group.ids)), 2):
            planned.setdefault((a, b, first, last), None)
    return list(planned)


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _check_storable(text: str) -> None:
    """Refuse NUL characters and broken Unicode (lone surrogates), which no database column takes."""
    bad = _UNSTORABLE.search(text)
    if bad is not None:
        before = re.split(r"\r\n|\r|\n", text[: bad.start()])
        raise TrfImportError(
            gettext("a NUL character or broken Unicode; is this a text file?"),
            len(before),
            len(before[-1]) + 1,
        )


def _line(value: str, what: str, line: int) -> str:
    """``value`` through the one text check (:mod:`tournaments.text`), or ``TrfImportError`` at ``line``."""
    try:
        return clean_line(value, label=what[0].upper() + what[1:])
    except TextProblem as exc:
        raise TrfImportError(str(exc)[0].lower() + str(exc)[1:].rstrip("."), line) from None


class _Locator:
    """Line numbers of records in the original text, so errors the reader cannot see can name them."""

    def __init__(self, text: str) -> None:
        self.lines = re.split(r"\r\n|\r|\n", text)
        self.players: dict[int, int] = {}
        for number, line in enumerate(self.lines, start=1):
            if line.startswith("001") and line[4:8].strip().isdigit():
                self.players.setdefault(int(line[4:8]), number)

    def record(self, *codes: str) -> int | None:
        for number, line in enumerate(self.lines, start=1):
            if line[:3].upper() in codes:
                return number
        return None

    def entry(self, player: int, rnd: int) -> tuple[int, int]:
        """(line, column) of a player's entry for a round."""
        return self.players.get(player, 1), 92 + 10 * (rnd - 1)


def _plan_rounds(
    trf: TrfTournament, played: int, locator: _Locator
) -> tuple[list[_PlannedBoard], list[tuple[int, int, str, int]]]:
    """Boards for rounds 1..played in board order, and byes (round, id, kind, half-points)."""
    scoring = trf.scoring
    by_id = {p.id: p for p in trf.players}
    boards: list[_PlannedBoard] = []
    byes: list[tuple[int, int, str, int]] = []
    pabs: dict[int, int] = {}
    scores = dict.fromkeys(by_id, 0)
    for rnd in range(1, played + 1):
        games: list[_PlannedBoard] = []
        seen: set[int] = set()
        for p in trf.players:
            record = p.records[rnd - 1] if len(p.records) >= rnd else RoundRecord(ResultCode.ZERO_BYE)
            if record.opponent is None:
                if record.result is ResultCode.PAB:
                    if rnd in pabs:
                        line, column = locator.entry(p.id, rnd)
                        raise TrfImportError(
                            gettext(
                                "round %(rnd)s: a second pairing-allocated bye (player %(rnd2)s already has it)"
                            )
                            % {"rnd": rnd, "rnd2": pabs[rnd]},
                            line,
                            column + 7,
                        )
                    pabs[rnd] = p.id
                byes.append((rnd, p.id, *_bye_kind(record.result, scoring)))
                continue
            if p.id in seen:
                continue
            other = by_id[record.opponent]
            theirs = other.records[rnd - 1] if len(other.records) >= rnd else None
            if theirs is None or theirs.opponent != p.id:
                line, column = locator.entry(p.id, rnd)
                raise TrfImportError(
                    gettext(
                        "round %(rnd)s: player %(id)s is paired with %(id2)s, but player %(id2)s's record for that round does not name %(id)s"
                    )
                    % {"rnd": rnd, "id": p.id, "id2": other.id},
                    line,
                    column,
                )
            p_white = record.colour is Colour.WHITE or (
                record.colour is None
                and (theirs.colour is Colour.BLACK or (theirs.colour is None and p.id < other.id))
            )
            white, black = (p, other) if p_white else (other, p)
            codes = (record.result, theirs.result) if p_white else (theirs.result, record.result)
            result = board_result_from_codes(*codes)
            if result is None:
                line, column = locator.entry(p.id, rnd)
                raise TrfImportError(
                    gettext(
                        "round %(rnd)s: results %(value)s and %(value2)s of players %(id)s and %(id2)s do not make one game result"
                    )
                    % {
                        "rnd": rnd,
                        "value": repr(codes[0].value),
                        "value2": repr(codes[1].value),
                        "id": white.id,
                        "id2": black.id,
                    },
                    line,
                    column + 7,
                )
            seen.update((p.id, other.id))
            games.append(_PlannedBoard(rnd, white.id, black.id, result))
        games.sort(
            key=lambda g: (
                -max(scores[g.white], scores[g.black]),
                -(scores[g.white] + scores[g.black]),
                min(g.white, g.black),
            )
        )
        boards += games
        for p in trf.players:
            if len(p.records) >= rnd:
                scores[p.id] += scoring.points(p.records[rnd - 1].result)
    for p in trf.players:
        for rnd, record in enumerate(p.records[played:], start=played + 1):
            byes.append((rnd, p.id, *_bye_kind(record.result, scoring)))
    known = {(rnd, pid) for rnd, pid, _, _ in byes}
    for bye in trf.byes:
        if (bye.round, bye.id) not in known and bye.round > played:
            byes.append((bye.round, bye.id, *_bye_kind(bye.result, scoring)))
            known.add((bye.round, bye.id))
    return boards, byes


def _bye_kind(code: ResultCode, scoring: Scoring) -> tuple[str, int]:
    kinds = {
        ResultCode.PAB: RoundBye.Kind.PAIRING_ALLOCATED,
        ResultCode.HALF_BYE: RoundBye.Kind.HALF_POINT,
        ResultCode.FULL_BYE: RoundBye.Kind.FULL_POINT,
    }
    return kinds.get(code, RoundBye.Kind.ABSENT), scoring.points(code)


def _inferred_initial_colour(trf: TrfTournament) -> Colour | None:
    """When the file does not say, what pairing number 1 got (or would have got) in round 1: the
    engine reads it off the recorded rounds when it builds a pairing request."""
    if trf.total_rounds is None or trf.played_rounds == 0:
        return None
    try:
        return trf.to_request(min(trf.next_round, trf.total_rounds)).initial_colour
    except InvalidRequestError:
        return None


def _format(type_code: str) -> str:
    if "ROUNDROBIN" in type_code.upper():
        return Tournament.Format.ROUND_ROBIN
    return Tournament.Format.SWISS


def _tiebreaks(text: str, round_robin: bool) -> str:
    """TRF-2026 ``202`` codes (``BH/C1``) as the app's codes (``BH-C1``); empty when not all known."""
    codes = [code.strip().replace("/", "-") for code in text.split(",") if code.strip()]
    if not codes:
        return ""
    try:
        return ",".join(validate_tiebreaks(codes, round_robin=round_robin))
    except InvalidRequestError:
        return ""


def _parse_date(text: str) -> date | None:
    text = text.strip()
    for pattern in ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y"):
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


def _parse_round_date(text: str) -> datetime | None:
    for pattern in ("%y/%m/%d", "%Y/%m/%d"):
        try:
            return datetime.strptime(text.strip(), pattern).replace(hour=12, tzinfo=UTC)
        except ValueError:
            continue
    return None


_SEED = re.compile(r"^\s*Drawing of lots: seed (\d{1,10}) \(repeatable\)\s*$")
_LEFT = re.compile(r"^\s*FIDE mode LEFT on (\d{4}-\d{2}-\d{2})(?: (?:in|before) round \d+)?: (.*)$")


def _read_fide_mode_comments(tournament: Tournament, comments: tuple[str, ...]) -> None:
    """What this program's own ``###`` lines say (``trf_export.fide_mode_comments``): the seed of
    the drawing of lots (so a restored tournament draws the same lots), the rating unrated
    opponents count with in ARO and TPR, and a FIDE mode left, which stays left. Other comments
    are somebody else's and change nothing."""
    unrated = TrfTournament(comments=comments).unrated_rating
    if unrated is not None:
        tournament.unrated_rating = unrated
    for comment in comments:
        seed = _SEED.match(comment)
        if seed and int(seed.group(1)) < 2**31:
            tournament.lots_seed = int(seed.group(1))
        left = _LEFT.match(comment)
        if left:
            tournament.fide_mode = False
            tournament.fide_mode_left_reason = left.group(2).strip()[:300]
            day = _parse_date(left.group(1)) or date.today()
            tournament.fide_mode_left_at = datetime(day.year, day.month, day.day, tzinfo=UTC)
