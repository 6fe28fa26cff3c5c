"""Backup and restore of a whole tournament as JSON.

``json_export(tournament=...)`` returns a dict (``json.dumps`` it) in a versioned format::

    {"format": "chessclub.tournament", "version": 1, "exported_at": "...",
     "tournament": {settings...},
     "participants": [{"ref": 1, "name": ..., ...}],
     "rounds": [{"number": 1, "status": "finished", ..., "boards": [{"white": 1, "black": 2, ...}]}],
     "byes": [{"participant": 3, "round_number": 1, "kind": "pab", "points": 2}],
     "forbidden_pairs": [{"first": 1, "second": 4, "first_round": null, "last_round": 3, "reason": ...}]}

``forbidden_pairs``, a round's ``scores_paired_on`` and a participant's ``round_ratings`` (ratings
from a later round, ``[{"from_round": 3, "rating": 1850}]``, in a tournament over 30 days) are
optional (backups made before they existed have none), so the version stays 1.

Participants are referred to by ``ref`` (their id in the exporting database), never by name.
Users, roles, the public link and the audit log stay behind: a restore is a *new* tournament,
owned by whoever restores it, with a fresh public link. The club is kept only when it exists here
and the restorer is one of its members.

``json_import(data=..., owner=...)`` checks the whole document first (shape, every field, every
reference, the database constraints) and raises ``ValidationFailed`` listing what is wrong,
before anything is written; then it writes everything in one transaction and answers as the TRF
import does, an ``Imported`` (the backup keeps everything: no warnings).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Model
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Club
from core.errors import ValidationFailed
from tournaments.exchange import backup_schema, model_data
from tournaments.exchange.trf_import import Imported
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
from tournaments.permissions import can_create_in_club
from tournaments.services.audit import audit_record
from tournaments.services.tournaments import SETTING_FIELDS, TEXT_FIELDS, settings_errors
from tournaments.text import TextProblem, clean_line

FORMAT = "chessclub.tournament"
VERSION = 1

TOURNAMENT_FIELDS = (*SETTING_FIELDS, "status")
PARTICIPANT_FIELDS = Participant.RECORD_FIELDS
ROUND_FIELDS = ("number", "status", "explanation", "violations", "error", "published_at")
BOARD_FIELDS = ("number", "result", "version", "corrected_after_pairing")
BYE_FIELDS = ("round_number", "kind", "points")
FORBIDDEN_PAIR_FIELDS = ("first_round", "last_round", "reason")
RESTORED_WHILE_PAIRING = "The backup was made while this round was being paired; pair it again."


# ------------------------------------------------------------------------------------------------
# Export
# ------------------------------------------------------------------------------------------------


def json_export(*, tournament: Tournament) -> dict[str, Any]:
    """Everything needed to restore ``tournament`` elsewhere, as JSON-ready data."""
    participants = list(tournament.participants.order_by("pairing_number", "id"))
    rounds = list(tournament.rounds.order_by("number"))
    boards: dict[int, list[dict[str, Any]]] = {r.pk: [] for r in rounds}
    rows = (
        Board.objects.filter(round__tournament=tournament)
        .order_by("round_id", "number")
        .values_list("round_id", "white_id", "black_id", *BOARD_FIELDS)
    )
    for round_id, white, black, *values in rows:
        boards[round_id].append({**model_data.dump_row(BOARD_FIELDS, values), "white": white, "black": black})
    byes = list(tournament.byes.order_by("round_number", "participant_id"))
    pairs = list(tournament.forbidden_pairs.order_by("first_id", "second_id", "first_round", "last_round"))
    later: dict[int, list[dict[str, int]]] = {}
    for pk, from_round, rating in (
        ParticipantRating.objects.filter(participant__tournament=tournament)
        .order_by("from_round")
        .values_list("participant_id", "from_round", "rating")
    ):
        later.setdefault(pk, []).append({"from_round": from_round, "rating": rating})
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "tournament": {
            **model_data.dump(tournament, TOURNAMENT_FIELDS),
            "baku_last_ga": tournament.baku_last_ga_id,
            "club": tournament.club.name if tournament.club_id else None,
        },
        "participants": [
            {"ref": p.pk, **model_data.dump(p, PARTICIPANT_FIELDS), **_round_ratings_of(p.pk, later)}
            for p in participants
        ],
        "rounds": [
            {
                **model_data.dump(r, ROUND_FIELDS),
                # Keyed by participant ref like everything else (the model keys by id, as text).
                "scores_paired_on": dict(r.scores_paired_on or {}),
                "boards": boards[r.pk],
            }
            for r in rounds
        ],
        "byes": [{"participant": b.participant_id, **model_data.dump(b, BYE_FIELDS)} for b in byes],
        "forbidden_pairs": [
            {"first": f.first_id, "second": f.second_id, **model_data.dump(f, FORBIDDEN_PAIR_FIELDS)}
            for f in pairs
        ],
    }


def _round_ratings_of(pk: int, later: dict[int, list[dict[str, int]]]) -> dict[str, Any]:
    """A participant's ratings from later rounds (a tournament over 30 days), when they have any:
    ``round_ratings`` is optional, so backups without it stay version 1."""
    return {"round_ratings": later[pk]} if pk in later else {}


def _round_ratings(item: Any, path: str, rounds_planned: int, problems: _Problems) -> list[tuple[int, int]]:
    """The optional ``round_ratings`` of a participant: from rounds 2 to ``rounds_planned``, each
    round once, ratings 0-3500."""
    raw = item.get("round_ratings", []) if isinstance(item, dict) else []
    if not isinstance(raw, list):
        problems.add(f"{path}.round_ratings", "Expected a list.")
        return []
    found: dict[int, int] = {}
    for index, entry in enumerate(raw):
        where = f"{path}.round_ratings[{index}]"
        from_round = entry.get("from_round") if isinstance(entry, dict) else None
        rating = entry.get("rating") if isinstance(entry, dict) else None
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (from_round, rating)):
            problems.add(where, "Expected whole numbers from_round and rating.")
            continue
        assert isinstance(from_round, int) and isinstance(rating, int)
        if not 2 <= from_round <= rounds_planned or not 0 <= rating <= 3500:
            problems.add(where, f"A rating 0-3500 from a round 2-{rounds_planned}.")
        elif from_round in found:
            problems.add(where, f"Two ratings from round {from_round}.")
        else:
            found[from_round] = rating
    return sorted(found.items())


# ------------------------------------------------------------------------------------------------
# Import
# ------------------------------------------------------------------------------------------------


class _Problems:
    """Collects every problem with a path (``rounds[2].boards[0].white``) before failing once."""

    def __init__(self) -> None:
        self.errors: dict[str, list[str]] = {}

    def add(self, path: str, message: str) -> None:
        self.errors.setdefault(path, []).append(message)

    def add_serializer(self, path: str, errors: Any) -> None:
        if isinstance(errors, dict):
            for key, value in errors.items():
                self.add_serializer(f"{path}.{key}" if key != "non_field_errors" else path, value)
        elif isinstance(errors, list):
            for item in errors:
                self.add_serializer(path, item)
        else:
            self.add(path, str(errors))

    def raise_if_any(self) -> None:
        if self.errors:
            lines = [f"{path}: {message}" for path, messages in self.errors.items() for message in messages]
            shown = "; ".join(lines[:10]) + (f" (and {len(lines) - 10} more)" if len(lines) > 10 else "")
            raise ValidationFailed(
                gettext("The backup cannot be restored: %(shown)s") % {"shown": shown}, errors=self.errors
            )


def _validated(model: type[Model], fields: tuple[str, ...], data: Any, path: str, problems: _Problems):
    if not isinstance(data, dict):
        problems.add(path, "Expected an object.")
        return None
    values, errors = model_data.load(model, fields, data)
    if errors:
        problems.add_serializer(path, errors)
        return None
    return values


def _list(data: dict[str, Any], key: str, problems: _Problems) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        problems.add(key, "Expected a list.")
        return []
    return value


def json_import(*, data: Any, owner: Any, name: str = "") -> Imported:
    """Restore a backup as a new tournament owned (as organiser) by ``owner``.

    1. Check the format marker and version.
    2. Validate the settings, every participant, round, board and bye, and every reference
       between them (including what the database would refuse: duplicate numbers, a participant
       twice in a round, two pairing-allocated byes in one round).
    3. Write it all in one transaction, mapping the backup's participant refs to the new rows.
    """
    problems = _Problems()
    if not isinstance(data, dict):
        raise ValidationFailed(
            gettext("The backup must be a JSON object."), errors={"": ["Expected an object."]}
        )
    bad_text = _unstorable_text(data)
    if bad_text is not None:
        raise ValidationFailed(
            gettext(
                "The backup contains text no database can store (a NUL character or broken Unicode) at %(bad_text)s."
            )
            % {"bad_text": bad_text},
            errors={bad_text: ["Text with a NUL character or broken Unicode."]},
        )
    if data.get("format") != FORMAT:
        raise ValidationFailed(
            gettext("This is not a tournament backup (expected format %(FORMAT)s).")
            % {"FORMAT": repr(FORMAT)},
            errors={"format": [f"Expected {FORMAT!r}."]},
        )
    if data.get("version") != VERSION:
        raise ValidationFailed(
            gettext(
                "Backup format version %(get)s is not supported (this program reads version %(VERSION)s)."
            )
            % {"get": repr(data.get("version")), "VERSION": VERSION},
            errors={"version": [f"Expected {VERSION}."]},
        )
    settings = _validated(Tournament, TOURNAMENT_FIELDS, data.get("tournament"), "tournament", problems)
    if settings is not None:
        if name:
            settings["name"] = name
        _clean_lines(settings, TEXT_FIELDS, "tournament", problems)
        values = {
            field: settings.get(field, Tournament._meta.get_field(field).get_default())
            for field in SETTING_FIELDS
        }
        for field, messages in settings_errors(values).items():
            for message in messages:
                problems.add(f"tournament.{field}", message)

    refs: dict[Any, dict[str, Any]] = {}
    numbers: set[int] = set()
    for index, item in enumerate(_list(data, "participants", problems)):
        path = f"participants[{index}]"
        valid = _validated(Participant, PARTICIPANT_FIELDS, item, path, problems)
        ref = item.get("ref") if isinstance(item, dict) else None
        if ref is None or isinstance(ref, bool | dict | list):
            problems.add(f"{path}.ref", "Every participant needs a ref (a number or a string).")
            continue
        if ref in refs:
            problems.add(f"{path}.ref", f"Ref {ref!r} is used twice.")
            continue
        if valid is not None:
            _clean_lines(valid, PARTICIPANT_TEXT, path, problems)
            number = valid.get("pairing_number")
            if number is not None:
                if number in numbers:
                    problems.add(f"{path}.pairing_number", f"Pairing number {number} is used twice.")
                numbers.add(number)
            if valid.get("joined_round", 1) < 1:
                problems.add(f"{path}.joined_round", "Rounds are numbered from 1.")
            planned = settings.get("rounds_planned", 5) if settings is not None else 99
            valid["round_ratings"] = _round_ratings(item, path, planned, problems)
            refs[ref] = valid

    rounds: list[tuple[dict[str, Any], list[tuple[dict[str, Any], Any, Any]]]] = []
    round_numbers: set[int] = set()
    # JSON object keys are text, so a round's scores_paired_on names participants by str(ref).
    ref_by_key = {str(ref): ref for ref in refs}
    for index, item in enumerate(_list(data, "rounds", problems)):
        path = f"rounds[{index}]"
        valid = _validated(Round, ROUND_FIELDS, item, path, problems)
        if valid is None:
            continue
        if valid["number"] < 1:
            problems.add(f"{path}.number", "Rounds are numbered from 1.")
        if valid["number"] in round_numbers:
            problems.add(f"{path}.number", f"Round {valid['number']} appears twice.")
        if settings is not None and valid["number"] > settings.get("rounds_planned", 5):
            problems.add(
                f"{path}.number",
                f"Round {valid['number']} is beyond the {settings.get('rounds_planned', 5)} rounds planned.",
            )
        round_numbers.add(valid["number"])
        for message in backup_schema.explanation_problems(valid.get("explanation", {})):
            problems.add(f"{path}.explanation", message)
        for message in backup_schema.violations_problems(valid.get("violations", [])):
            problems.add(f"{path}.violations", message)
        paired_on = item.get("scores_paired_on", {})
        scores_problems = backup_schema.scores_paired_on_problems(paired_on, ref_by_key)
        for message in scores_problems:
            problems.add(f"{path}.scores_paired_on", message)
        if not scores_problems:
            valid["scores_paired_on"] = {ref_by_key[key]: points for key, points in paired_on.items()}
        boards = []
        board_numbers: set[int] = set()
        seated: set[Any] = set()
        raw_boards = item.get("boards", [])
        if not isinstance(raw_boards, list):
            problems.add(f"{path}.boards", "Expected a list.")
            raw_boards = []
        for board_index, raw in enumerate(raw_boards):
            board_path = f"{path}.boards[{board_index}]"
            board = _validated(Board, BOARD_FIELDS, raw, board_path, problems)
            if board is None:
                continue
            white, black = raw.get("white"), raw.get("black")
            for side, ref in (("white", white), ("black", black)):
                if not _hashable(ref) or ref not in refs:
                    problems.add(f"{board_path}.{side}", f"Unknown participant ref {ref!r}.")
                elif ref in seated:
                    problems.add(f"{board_path}.{side}", f"Participant {ref!r} has two boards in this round.")
            if _hashable(white) and white == black:
                problems.add(board_path, "A participant cannot play themselves.")
            if board["number"] in board_numbers:
                problems.add(f"{board_path}.number", f"Board {board['number']} appears twice.")
            board_numbers.add(board["number"])
            seated.update(r for r in (white, black) if _hashable(r))
            boards.append((board, white, black))
        if valid.get("status") == Round.Status.FINISHED and any(not b.get("result") for b, _, _ in boards):
            problems.add(f"{path}.status", "A finished round needs every result; some boards have none.")
        rounds.append((valid, boards))
    for message in backup_schema.rounds_problems(
        [rnd for rnd, _ in rounds], settings.get("status") if settings is not None else None
    ):
        problems.add("rounds", message)

    byes: list[tuple[dict[str, Any], Any]] = []
    taken: set[tuple[Any, int]] = set()
    pab_rounds: set[int] = set()
    # A board's refs were reported above if they are lists or dicts; skip them here (unhashable).
    on_board = {
        (ref, rnd["number"])
        for rnd, boards in rounds
        for _, white, black in boards
        for ref in (white, black)
        if _hashable(ref)
    }
    for index, item in enumerate(_list(data, "byes", problems)):
        path = f"byes[{index}]"
        valid = _validated(RoundBye, BYE_FIELDS, item, path, problems)
        if valid is None:
            continue
        ref = item.get("participant")
        if not _hashable(ref) or ref not in refs:
            problems.add(f"{path}.participant", f"Unknown participant ref {ref!r}.")
            continue
        if settings is not None and not 1 <= valid["round_number"] <= settings.get("rounds_planned", 5):
            problems.add(f"{path}.round_number", "Outside the rounds planned.")
        key = (ref, valid["round_number"])
        if key in taken:
            problems.add(path, f"Participant {ref!r} has two byes in round {valid['round_number']}.")
        if key in on_board:
            problems.add(
                path, f"Participant {ref!r} has both a board and a bye in round {valid['round_number']}."
            )
        taken.add(key)
        if valid["kind"] == RoundBye.Kind.PAIRING_ALLOCATED:
            if valid["round_number"] in pab_rounds:
                problems.add(path, f"Round {valid['round_number']} has two pairing-allocated byes.")
            pab_rounds.add(valid["round_number"])
        byes.append((valid, ref))

    forbidden = _forbidden_pairs(data, refs, problems)

    raw_tournament = data.get("tournament")
    last_ga = raw_tournament.get("baku_last_ga") if isinstance(raw_tournament, dict) else None
    if last_ga is not None and (not _hashable(last_ga) or last_ga not in refs):
        problems.add("tournament.baku_last_ga", f"Unknown participant ref {last_ga!r}.")
    problems.raise_if_any()
    assert settings is not None  # problems would have been raised otherwise
    settings["club"] = _club(raw_tournament.get("club"), owner)
    return Imported(_write(settings, refs, rounds, byes, forbidden, last_ga, owner))


PARTICIPANT_TEXT = {"name": "The name", "club_name": "The club"}


def _clean_lines(values: dict[str, Any], labels: dict[str, str], path: str, problems: _Problems) -> None:
    """Clean the one-line text fields of ``values`` in place (see :mod:`tournaments.text`)."""
    for field, label in labels.items():
        if values.get(field) is None:
            continue
        try:
            values[field] = clean_line(values[field], label=label)
        except TextProblem as exc:
            problems.add(f"{path}.{field}", str(exc))


def _forbidden_pairs(
    data: dict[str, Any], refs: dict[Any, dict[str, Any]], problems: _Problems
) -> list[tuple[dict[str, Any], Any, Any]]:
    """The optional ``forbidden_pairs`` list: two different known refs, a range that is not empty,
    each pair and range once (what the model's constraints would refuse)."""
    pairs: list[tuple[dict[str, Any], Any, Any]] = []
    seen: set[tuple[frozenset[Any], Any, Any]] = set()
    for index, item in enumerate(_list(data, "forbidden_pairs", problems)):
        path = f"forbidden_pairs[{index}]"
        valid = _validated(ForbiddenPair, FORBIDDEN_PAIR_FIELDS, item, path, problems)
        if valid is None:
            continue
        first, second = item.get("first"), item.get("second")
        known = True
        for side, ref in (("first", first), ("second", second)):
            if not _hashable(ref) or ref not in refs:
                problems.add(f"{path}.{side}", f"Unknown participant ref {ref!r}.")
                known = False
        if not known:
            continue
        if first == second:
            problems.add(path, "A participant cannot be kept apart from themselves.")
            continue
        low, high = valid.get("first_round"), valid.get("last_round")
        if low is not None and low < 1:
            problems.add(f"{path}.first_round", "Rounds are numbered from 1.")
            continue
        if low is not None and high is not None and low > high:
            problems.add(path, f"Rounds {low} to {high} is an empty range.")
            continue
        key = (frozenset((first, second)), low, high)
        if key in seen:
            problems.add(path, "The same pair and rounds appear twice.")
            continue
        seen.add(key)
        pairs.append((valid, first, second))
    return pairs


def _club(name: Any, owner: Any) -> Club | None:
    """The backup's club, when it exists here and the restorer may create its tournaments (as in
    ``tournament_create``); otherwise the restored tournament belongs to no club."""
    if not isinstance(name, str) or not name:
        return None
    for club in Club.objects.filter(name=name).order_by("pk"):
        if can_create_in_club(owner, club):
            return club
    return None


def _unstorable_text(value: Any, path: str = "") -> str | None:
    """The path of the first string (or key) PostgreSQL would refuse: a NUL, or a lone surrogate."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return path or "(document)"
        return (path or "(document)") if "\x00" in value else None
    if isinstance(value, dict):
        for key, item in value.items():
            shown = str(key).encode("utf-8", "backslashreplace").decode("utf-8")  # printable in errors
            where = f"{path}.{shown}" if path else shown
            found = _unstorable_text(key, where) or _unstorable_text(item, where)
            if found:
                return found
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = _unstorable_text(item, f"{path}[{index}]")
            if found:
                return found
    return None


def _hashable(value: Any) -> bool:
    return value is not None and not isinstance(value, bool | dict | list)


def _write(settings, refs, rounds, byes, forbidden, last_ga, owner) -> Tournament:
    with transaction.atomic():
        tournament = Tournament.objects.create(created_by=owner, **settings)
        TournamentRole.objects.create(tournament=tournament, user=owner, role=TournamentRole.Role.ORGANISER)
        later = {ref: fields.pop("round_ratings", []) for ref, fields in refs.items()}
        created = {
            ref: Participant.objects.create(tournament=tournament, **fields) for ref, fields in refs.items()
        }
        ParticipantRating.objects.bulk_create(
            ParticipantRating(participant=created[ref], from_round=from_round, rating=rating)
            for ref, ratings in later.items()
            for from_round, rating in ratings
        )
        for fields, boards in rounds:
            # A backup may leave the status out: the model's default is `pairing`.
            if fields.get("status", Round.Status.PAIRING) == Round.Status.PAIRING:
                # No worker is pairing the copy: let the arbiter pair it again.
                fields = {**fields, "status": Round.Status.FAILED, "error": RESTORED_WHILE_PAIRING}
            paired_on = {
                str(created[ref].pk): points for ref, points in fields.pop("scores_paired_on", {}).items()
            }
            rnd = Round.objects.create(tournament=tournament, scores_paired_on=paired_on, **fields)
            Board.objects.bulk_create(
                Board(round=rnd, white=created[white], black=created[black], **board)
                for board, white, black in boards
            )
        RoundBye.objects.bulk_create(
            RoundBye(tournament=tournament, participant=created[ref], **fields) for fields, ref in byes
        )
        ForbiddenPair.objects.bulk_create(
            ForbiddenPair(
                tournament=tournament,
                first=min(created[a], created[b], key=lambda p: p.pk),
                second=max(created[a], created[b], key=lambda p: p.pk),
                **fields,
            )
            for fields, a, b in forbidden
        )
        if last_ga is not None:
            tournament.baku_last_ga = created[last_ga]
            tournament.save(update_fields=["baku_last_ga"])
        audit_record(
            tournament=tournament,
            user=owner,
            action="tournament_import_json",
            obj=tournament,
            after={
                "participants": len(created),
                "rounds": len(rounds),
                "byes": len(byes),
                "forbidden_pairs": len(forbidden),
            },
        )
    return tournament
