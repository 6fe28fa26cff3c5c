"""Participants: registration, CSV import, late entries, withdrawals, byes and absences.

Every function checks ``can_arbitrate`` (organisers and arbiters run the registration desk),
writes in one transaction and records the change in the audit log.

* ``participant_register(*, tournament, user, name, rating=0, title="", federation="",
  fide_id="", club_name="", email="") -> Participant``. Once round 1 is paired this is a late
  entry (``late_entry``).
* ``participants_import_csv(*, tournament, user, text, commit) -> ImportPreview``: columns name,
  rating, title, federation, FIDE id, club (a header row naming them is optional and may put them
  in any order). Returns every row with its errors. Saves nothing unless ``commit`` is true and
  every row is valid; then saves all rows in one transaction.
* ``late_entry(*, tournament, user, joined_round=None, **fields) -> Participant``: after round 1
  (Swiss only). The entrant misses the rounds before ``joined_round`` (default: the next round not
  yet published), each recorded as ``RoundBye(kind=late)`` worth zero, or a draw's points when the
  organiser chose half a point per missed round. The Baku GA boundary stays with the same last GA
  participant, so an entrant ranked above them joins GA.
* ``participant_withdraw(*, participant, user, from_round=None) -> Participant``: their games stand;
  they are not paired from ``from_round`` on (default: the next round not yet published). In a
  round robin their remaining games become forfeits or unplayed (``withdrawal_games``).
* ``bye_request(*, participant, round_number, kind, user) -> RoundBye``: ``kind`` is ``half`` or
  ``zero``. Half-point byes are limited to ``max_half_byes`` per participant and are not allowed
  in the last ``no_byes_in_last_rounds`` rounds.
* ``absence_mark(*, participant, round_number, user) -> RoundBye``: known absence, zero points.
* ``bye_cancel(*, bye, user)``: withdraw a requested bye or absence before its round is published.

Pairing numbers follow the initial-order rules (GHR C.04.2 Art. 2: rating descending, then title
GM, IM, WGM, FM, WIM, CM, WFM, WCM, none, then name) and are reassigned on every registration
until round 4 is paired; after that they are frozen and a late entrant gets the next free number.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import F, Max, Q

from tournaments.models import Board, Participant, Round, RoundBye, Tournament
from tournaments.permissions import can_arbitrate
from tournaments.services.audit import audit_record
from tournaments.services.errors import NotAllowedError, ValidationFailed

TITLE_ORDER = {"GM": 0, "IM": 1, "WGM": 2, "FM": 3, "WIM": 4, "CM": 5, "WFM": 6, "WCM": 7, "": 8}
PARTICIPANT_FIELDS = ("name", "rating", "title", "federation", "fide_id", "club_name", "email")
MAX_IMPORT_ROWS = 2000
TPN_FREEZE_ROUND = 4
"""Pairing numbers may not change once this round has been paired (GHR C.04.2 Art. 2.3)."""


# --- pairing numbers -------------------------------------------------------------------------


def initial_order_key(participant: Participant) -> tuple[Any, ...]:
    return (
        -participant.rating,
        TITLE_ORDER.get(participant.title, 8),
        participant.name.casefold(),
        participant.pk,
    )


def pairing_numbers_frozen(tournament: Tournament) -> bool:
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        return Round.objects.filter(tournament=tournament).exists()
    return Round.objects.filter(tournament=tournament, number__gte=TPN_FREEZE_ROUND).exists()


def pairing_numbers_assign(tournament: Tournament, *, order: list[Participant] | None = None) -> None:
    """Number everyone 1..n by the initial order (or ``order``), unless the numbers are frozen, in
    which case only participants without a number get the next free ones. Call inside a transaction."""
    participants = list(Participant.objects.filter(tournament=tournament))
    if pairing_numbers_frozen(tournament):
        next_number = max((p.pairing_number or 0 for p in participants), default=0) + 1
        for p in sorted((p for p in participants if p.pairing_number is None), key=initial_order_key):
            p.pairing_number = next_number
            next_number += 1
            p.save(update_fields=["pairing_number"])
        return
    ordered = order if order is not None else sorted(participants, key=initial_order_key)
    if [p.pairing_number for p in ordered] == list(range(1, len(ordered) + 1)):
        return
    # Clear first: the numbers are unique per tournament and a permutation would collide midway.
    Participant.objects.filter(tournament=tournament).update(pairing_number=None)
    for number, p in enumerate(ordered, start=1):
        p.pairing_number = number
    Participant.objects.bulk_update(ordered, ["pairing_number"])


# --- validation ------------------------------------------------------------------------------


def clean_participant_fields(raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Normalise one participant's fields; return (values, error messages)."""
    errors: list[str] = []
    if any("\x00" in str(value) for value in raw.values() if value is not None):
        # PostgreSQL cannot store it (the insert would fail); usually a binary file pasted as CSV.
        errors.append("The row contains a NUL character; is it a binary file rather than CSV?")
    name = " ".join(str(raw.get("name") or "").split())
    if not name:
        errors.append("Name is missing.")
    elif len(name) > 100:
        errors.append("Name is longer than 100 characters.")
    rating_text = str(raw.get("rating") if raw.get("rating") is not None else "").strip()
    rating = 0
    if rating_text:
        try:
            rating = int(rating_text)
        except ValueError:
            errors.append(f"Rating {rating_text!r} is not a whole number.")
        else:
            if not 0 <= rating <= 3500:
                errors.append(f"Rating {rating} is outside 0-3500.")
    title = str(raw.get("title") or "").strip().upper()
    if title not in TITLE_ORDER:
        errors.append(f"Title {title!r} is not one of GM, IM, WGM, FM, WIM, CM, WFM, WCM (or empty).")
    federation = str(raw.get("federation") or "").strip().upper()
    if federation and (len(federation) != 3 or not federation.isalpha()):
        errors.append(f"Federation {federation!r} should be a three-letter code such as ENG or GER.")
    fide_id = str(raw.get("fide_id") or "").strip()
    if fide_id and (not fide_id.isdigit() or len(fide_id) > 12):
        errors.append(f"FIDE id {fide_id!r} should be digits only.")
    club_name = " ".join(str(raw.get("club_name") or "").split())
    if len(club_name) > 100:
        errors.append("Club is longer than 100 characters.")
    email = str(raw.get("email") or "").strip()
    if email:
        try:
            validate_email(email)
        except ValidationError:
            errors.append(f"E-mail {email!r} is not a valid address.")
    values = {
        "name": name,
        "rating": rating,
        "title": title,
        "federation": federation,
        "fide_id": fide_id,
        "club_name": club_name,
        "email": email,
    }
    return values, errors


def _duplicate_errors(tournament: Tournament, values: dict[str, Any]) -> list[str]:
    errors = []
    existing = Participant.objects.filter(tournament=tournament)
    if existing.filter(name__iexact=values["name"]).exists():
        errors.append(f"{values['name']} is already registered.")
    if values["fide_id"] and existing.filter(fide_id=values["fide_id"]).exists():
        errors.append(f"FIDE id {values['fide_id']} is already registered.")
    return errors


def _check(user: Any, tournament: Tournament) -> None:
    if not can_arbitrate(user, tournament):
        raise NotAllowedError("Only the tournament's organisers and arbiters can change its participants.")


def _last_published_number(tournament: Tournament) -> int:
    return (
        Round.objects.filter(
            tournament=tournament, status__in=[Round.Status.PUBLISHED, Round.Status.FINISHED]
        ).aggregate(n=Max("number"))["n"]
        or 0
    )


def _snapshot(p: Participant) -> dict[str, Any]:
    return {
        "name": p.name,
        "rating": p.rating,
        "title": p.title,
        "pairing_number": p.pairing_number,
        "status": p.status,
        "joined_round": p.joined_round,
        "withdrawn_from_round": p.withdrawn_from_round,
    }


def _bump(tournament: Tournament) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)


# --- registration ----------------------------------------------------------------------------


def participant_register(*, tournament: Tournament, user: Any, **fields: Any) -> Participant:
    """Register one participant; after round 1 is paired this is a late entry."""
    _check(user, tournament)
    if Round.objects.filter(tournament=tournament).exists():
        return late_entry(tournament=tournament, user=user, **fields)
    unknown = set(fields) - set(PARTICIPANT_FIELDS)
    if unknown:
        raise ValidationFailed(f"Unknown participant fields: {', '.join(sorted(unknown))}.")
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        values, errors = clean_participant_fields(fields)
        errors += _duplicate_errors(tournament, values) if not errors else []
        if errors:
            raise ValidationFailed(" ".join(errors))
        participant = Participant.objects.create(tournament=tournament, **values)
        pairing_numbers_assign(tournament)
        participant.refresh_from_db()
        _bump(tournament)
        audit_record(
            tournament=tournament,
            user=user,
            action="participant_register",
            obj=participant,
            before=None,
            after=_snapshot(participant),
        )
    return participant


def late_entry(
    *, tournament: Tournament, user: Any, joined_round: int | None = None, **fields: Any
) -> Participant:
    """Add a participant after round 1 has been paired (see the module docstring)."""
    _check(user, tournament)
    if (
        tournament.format == Tournament.Format.ROUND_ROBIN
        and Round.objects.filter(tournament=tournament).exists()
    ):
        raise ValidationFailed(
            "A round robin's schedule is fixed when it starts: every pairing was drawn up before round 1, "
            "so a late entry cannot be fitted in. Register players before starting the tournament."
        )
    unknown = set(fields) - set(PARTICIPANT_FIELDS)
    if unknown:
        raise ValidationFailed(f"Unknown participant fields: {', '.join(sorted(unknown))}.")
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        first_open = _last_published_number(locked) + 1
        joined = first_open if joined_round is None else joined_round
        if joined < first_open:
            raise ValidationFailed(
                f"Round {joined} has already been published; a late entry can join from round {first_open}."
            )
        if joined > locked.rounds_planned:
            raise ValidationFailed(
                f"The tournament has {locked.rounds_planned} rounds; there is no round {joined} to join."
            )
        values, errors = clean_participant_fields(fields)
        errors += _duplicate_errors(locked, values) if not errors else []
        if errors:
            raise ValidationFailed(" ".join(errors))
        participant = Participant.objects.create(tournament=locked, joined_round=joined, **values)
        half = locked.late_entry_points == Tournament.LateEntryPoints.HALF
        RoundBye.objects.bulk_create(
            RoundBye(
                tournament=locked,
                participant=participant,
                round_number=n,
                kind=RoundBye.Kind.LATE_ENTRY,
                points=locked.draw_points if half else 0,
            )
            for n in range(1, joined)
        )
        pairing_numbers_assign(locked)
        participant.refresh_from_db()
        _bump(locked)
        audit_record(
            tournament=locked,
            user=user,
            action="participant_late_entry",
            obj=participant,
            before=None,
            after={**_snapshot(participant), "missed_rounds": list(range(1, joined)), "half_points": half},
        )
    return participant


# --- CSV import --------------------------------------------------------------------------------

_COLUMN_ALIASES = {
    "name": "name",
    "player": "name",
    "rating": "rating",
    "elo": "rating",
    "title": "title",
    "federation": "federation",
    "fed": "federation",
    "country": "federation",
    "fide id": "fide_id",
    "fide_id": "fide_id",
    "fideid": "fide_id",
    "fide": "fide_id",
    "id": "fide_id",
    "club": "club_name",
    "club_name": "club_name",
    "e-mail": "email",
    "email": "email",
}
_POSITIONAL = ["name", "rating", "title", "federation", "fide_id", "club_name"]


@dataclass
class ImportRow:
    line: int
    values: dict[str, Any]
    errors: list[str] = field(default_factory=list)


@dataclass
class ImportPreview:
    rows: list[ImportRow] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    """Problems with the file as a whole (no rows, unknown header, too many rows)."""
    saved: bool = False

    @property
    def ok(self) -> bool:
        return bool(self.rows) and not self.errors and not any(row.errors for row in self.rows)

    @property
    def error_count(self) -> int:
        return len(self.errors) + sum(1 for row in self.rows if row.errors)


def _parse_csv(text: str) -> ImportPreview:
    preview = ImportPreview()
    lines = [line for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    sample = "\n".join(line for line in lines if line.strip())[:4096]
    if not sample:
        preview.errors.append(
            "The file is empty: paste one player per line (name, rating, title, federation, FIDE id, club)."
        )
        return preview
    delimiter = ","
    first = sample.split("\n", 1)[0]
    for candidate in ("\t", ";"):
        if first.count(candidate) > first.count(delimiter):
            delimiter = candidate
    reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter, skipinitialspace=True)
    columns = _POSITIONAL
    header_seen = False
    for line_number, cells in enumerate(reader, start=1):
        cells = [c.strip() for c in cells]
        if not any(cells):
            continue
        if not header_seen:
            header_seen = True
            lowered = [c.lower() for c in cells]
            if "name" in lowered or "player" in lowered:
                unknown = [c for c in cells if c and c.lower() not in _COLUMN_ALIASES]
                if unknown:
                    preview.errors.append(
                        f"Line {line_number}: unknown column(s) {', '.join(unknown)}; "
                        "use name, rating, title, federation, FIDE id, club."
                    )
                    return preview
                columns = [_COLUMN_ALIASES.get(c, "") for c in lowered]
                continue
        if len(preview.rows) >= MAX_IMPORT_ROWS:
            preview.errors.append(f"More than {MAX_IMPORT_ROWS} players: split the file.")
            return preview
        raw: dict[str, Any] = {}
        extra = [c for c in cells[len(columns) :] if c]
        for column, cell in zip(columns, cells, strict=False):
            if column:
                raw[column] = cell
        values, errors = clean_participant_fields(raw)
        if extra:
            errors.append(f"Too many columns ({len(cells)}); expected at most {len(columns)}.")
        preview.rows.append(ImportRow(line=line_number, values=values, errors=errors))
    if not preview.rows:
        preview.errors.append("The file has a header but no players.")
    return preview


def participants_import_csv(*, tournament: Tournament, user: Any, text: str, commit: bool) -> ImportPreview:
    """Check (and with ``commit``, save) a CSV list of players. All rows or none are saved."""
    _check(user, tournament)
    if Round.objects.filter(tournament=tournament).exists():
        raise ValidationFailed(
            "Round 1 has been paired: add newcomers one at a time as late entries, so each gets the "
            "rounds they missed recorded."
        )
    preview = _parse_csv(text)
    existing = list(Participant.objects.filter(tournament=tournament).values_list("name", "fide_id"))
    names = {name.casefold(): "already registered" for name, _ in existing}
    fide_ids = {fid: "already registered" for _, fid in existing if fid}
    for row in preview.rows:
        if row.errors:
            continue
        key = row.values["name"].casefold()
        if key in names:
            row.errors.append(f"{row.values['name']} is {names[key]}.")
        names.setdefault(key, f"also on line {row.line}")
        fid = row.values["fide_id"]
        if fid:
            if fid in fide_ids:
                row.errors.append(f"FIDE id {fid} is {fide_ids[fid]}.")
            fide_ids.setdefault(fid, f"also on line {row.line}")
    if not commit or not preview.ok:
        return preview
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if Round.objects.filter(tournament=locked).exists():
            raise ValidationFailed("Round 1 was paired in the meantime; nothing was imported.")
        created = Participant.objects.bulk_create(
            Participant(tournament=locked, **row.values) for row in preview.rows
        )
        pairing_numbers_assign(locked)
        _bump(locked)
        audit_record(
            tournament=locked,
            user=user,
            action="participants_import",
            obj=locked,
            before=None,
            after={"count": len(created), "names": [p.name for p in created]},
        )
    preview.saved = True
    return preview


# --- withdrawals, byes, absences ----------------------------------------------------------------


def participant_withdraw(
    *, participant: Participant, user: Any, from_round: int | None = None
) -> Participant:
    """Withdraw a participant: their games stand and they are not paired from ``from_round`` on."""
    tournament = participant.tournament
    _check(user, tournament)
    from tournaments.services.results import round_refresh_status

    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        p = Participant.objects.select_for_update().get(pk=participant.pk)
        if p.status == Participant.Status.WITHDRAWN:
            raise ValidationFailed(f"{p.name} has already withdrawn (from round {p.withdrawn_from_round}).")
        first_open = _last_published_number(locked) + 1
        if locked.format == Tournament.Format.ROUND_ROBIN:
            first_open = 1 + (
                Round.objects.filter(tournament=locked, status=Round.Status.FINISHED).aggregate(
                    n=Max("number")
                )["n"]
                or 0
            )
        start = first_open if from_round is None else from_round
        if start < 1:
            raise ValidationFailed("Rounds are numbered from 1.")
        before = _snapshot(p)
        p.status = Participant.Status.WITHDRAWN
        p.withdrawn_from_round = start
        p.save(update_fields=["status", "withdrawn_from_round"])
        dropped = list(
            RoundBye.objects.filter(participant=p, round_number__gte=start)
            .exclude(kind__in=[RoundBye.Kind.PAIRING_ALLOCATED, RoundBye.Kind.LATE_ENTRY])
            .values_list("round_number", "kind")
        )
        RoundBye.objects.filter(participant=p, round_number__gte=start).exclude(
            kind__in=[RoundBye.Kind.PAIRING_ALLOCATED, RoundBye.Kind.LATE_ENTRY]
        ).delete()
        changed_boards = []
        if locked.format == Tournament.Format.ROUND_ROBIN:
            forfeit = locked.withdrawal_games == Tournament.WithdrawalGames.FORFEIT
            boards = Board.objects.select_for_update().filter(
                round__tournament=locked, round__number__gte=start, result=Board.Result.PENDING
            )
            touched_rounds = set()
            for board in boards.filter(Q(white=p) | Q(black=p)):
                if forfeit:
                    board.result = (
                        Board.Result.BLACK_WINS_FORFEIT
                        if board.white_id == p.pk
                        else Board.Result.WHITE_WINS_FORFEIT
                    )
                else:
                    board.result = Board.Result.UNPLAYED
                board.version += 1
                board.save(update_fields=["result", "version", "updated_at"])
                changed_boards.append(board.pk)
                touched_rounds.add(board.round_id)
            for rnd in Round.objects.filter(pk__in=touched_rounds):
                round_refresh_status(rnd)
        _bump(locked)
        audit_record(
            tournament=locked,
            user=user,
            action="participant_withdraw",
            obj=p,
            before=before,
            after={**_snapshot(p), "byes_dropped": dropped, "boards_changed": changed_boards},
        )
    participant.refresh_from_db()
    return participant


def _bye_checks(participant: Participant, round_number: int, tournament: Tournament) -> None:
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        raise ValidationFailed(
            "A round robin has no requested byes: every game is scheduled. Record a forfeit instead."
        )
    if participant.status == Participant.Status.WITHDRAWN and (
        participant.withdrawn_from_round is None or participant.withdrawn_from_round <= round_number
    ):
        raise ValidationFailed(f"{participant.name} has withdrawn; they are not paired anyway.")
    if not participant.joined_round <= round_number <= tournament.rounds_planned:
        raise ValidationFailed(
            f"{participant.name} can only be given a bye for rounds {participant.joined_round}"
            f"-{tournament.rounds_planned}."
        )
    rnd = Round.objects.filter(tournament=tournament, number=round_number).first()
    if rnd is not None and rnd.status in (Round.Status.PUBLISHED, Round.Status.FINISHED):
        raise ValidationFailed(
            f"Round {round_number} has already been published; a bye must be recorded before the round is paired."
        )
    existing = RoundBye.objects.filter(participant=participant, round_number=round_number).first()
    if existing:
        raise ValidationFailed(
            f"{participant.name} already has a {existing.get_kind_display().lower()} in round {round_number}."
        )


def _record_bye(
    *, participant: Participant, round_number: int, kind: str, user: Any, action: str
) -> RoundBye:
    tournament = participant.tournament
    _check(user, tournament)
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        p = Participant.objects.get(pk=participant.pk)
        _bye_checks(p, round_number, locked)
        points = 0
        if kind == RoundBye.Kind.HALF_POINT:
            last_allowed = locked.rounds_planned - locked.no_byes_in_last_rounds
            if round_number > last_allowed:
                raise ValidationFailed(
                    f"No half-point byes in the last {locked.no_byes_in_last_rounds} round(s): "
                    f"round {round_number} is too late (the organiser's rule)."
                )
            taken = RoundBye.objects.filter(participant=p, kind=RoundBye.Kind.HALF_POINT).count()
            if taken >= locked.max_half_byes:
                raise ValidationFailed(
                    f"{p.name} has already had {taken} half-point bye(s); the organiser allows "
                    f"{locked.max_half_byes}."
                )
            points = locked.draw_points
        bye = RoundBye.objects.create(
            tournament=locked, participant=p, round_number=round_number, kind=kind, points=points
        )
        needs_repair = Round.objects.filter(
            tournament=locked, number=round_number, status=Round.Status.DRAFT
        ).exists()
        _bump(locked)
        audit_record(
            tournament=locked,
            user=user,
            action=action,
            obj=bye,
            before=None,
            after={"participant": p.name, "round": round_number, "kind": kind, "points": points},
        )
    bye.needs_repair = needs_repair  # type: ignore[attr-defined]
    return bye


def bye_request(*, participant: Participant, round_number: int, kind: str, user: Any) -> RoundBye:
    """Record a requested bye (``half`` or ``zero``) for a round not yet published."""
    if kind not in (RoundBye.Kind.HALF_POINT, RoundBye.Kind.ZERO_POINT):
        raise ValidationFailed("A requested bye is either a half-point bye or a zero-point bye.")
    return _record_bye(
        participant=participant, round_number=round_number, kind=kind, user=user, action="bye_request"
    )


def absence_mark(*, participant: Participant, round_number: int, user: Any) -> RoundBye:
    """Record that a participant will miss a round (zero points, not paired)."""
    return _record_bye(
        participant=participant,
        round_number=round_number,
        kind=RoundBye.Kind.ABSENT,
        user=user,
        action="absence_mark",
    )


def bye_cancel(*, bye: RoundBye, user: Any) -> None:
    """Remove a requested bye or absence whose round has not been published."""
    tournament = bye.tournament
    _check(user, tournament)
    if bye.kind not in (RoundBye.Kind.HALF_POINT, RoundBye.Kind.ZERO_POINT, RoundBye.Kind.ABSENT):
        raise ValidationFailed("Only requested byes and absences can be cancelled.")
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        if Round.objects.filter(
            tournament=tournament,
            number=bye.round_number,
            status__in=[Round.Status.PUBLISHED, Round.Status.FINISHED],
        ).exists():
            raise ValidationFailed(f"Round {bye.round_number} has been published; its byes stand.")
        snapshot = {"participant": bye.participant.name, "round": bye.round_number, "kind": bye.kind}
        audit_record(
            tournament=tournament, user=user, action="bye_cancel", obj=bye, before=snapshot, after=None
        )
        bye.delete()
        _bump(tournament)
