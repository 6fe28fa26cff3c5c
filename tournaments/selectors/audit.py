"""The audit log as the organiser's page shows it: filtered and a page at a time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.models import AuditLog, Board, Participant, Round, Tournament

AUDIT_PAGE_SIZE = 50


@dataclass
class AuditRow:
    entry: AuditLog
    what: str
    """The change in a few words: "round 3 board 2", a participant's name, or the object type."""
    before: str
    after: str
    action: str = ""
    """What was done, in an arbiter's words ("Result entered")."""


@dataclass(frozen=True)
class AuditPage:
    """A page of the audit log."""

    page: Page
    """Where the page stands among all of them (of ``AuditLog`` entries): the log's navigation."""
    rows: list[AuditRow]
    """The page's entries, described."""


# What each action is, in an arbiter's words; an action not listed reads as its code, spaced out.
ACTIONS = {
    "result_record": gettext_lazy("Result entered"),
    "result_correct": gettext_lazy("Result corrected after the next round was paired"),
    "round_pair": gettext_lazy("Pairing asked for"),
    "round_paired": gettext_lazy("Round paired"),
    "round_pair_failed": gettext_lazy("Pairing failed"),
    "round_pair_unavailable": gettext_lazy("Pairing could not start"),
    "round_pair_retry": gettext_lazy("Pairing started again"),
    "round_pair_expired": gettext_lazy("Pairing stopped (took too long)"),
    "round_repair": gettext_lazy("Round paired again"),
    "round_publish": gettext_lazy("Round published"),
    "round_delete": gettext_lazy("Draft deleted"),
    "board_swap_colours": gettext_lazy("Colours swapped by hand"),
    "boards_exchange_opponents": gettext_lazy("Opponents exchanged by hand"),
    "participant_register": gettext_lazy("Player registered"),
    "participant_late_entry": gettext_lazy("Late entry"),
    "participant_update": gettext_lazy("Player details changed"),
    "participant_delete": gettext_lazy("Player removed"),
    "participant_withdraw": gettext_lazy("Player withdrawn"),
    "withdrawal_undo": gettext_lazy("Withdrawal undone"),
    "participant_expel": gettext_lazy("Player expelled"),
    "participants_import": gettext_lazy("Players imported"),
    "bye_request": gettext_lazy("Bye requested"),
    "bye_cancel": gettext_lazy("Bye cancelled"),
    "absence_mark": gettext_lazy("Marked absent"),
    "forbidden_pair_add": gettext_lazy("Players kept apart"),
    "forbidden_pair_remove": gettext_lazy("Players no longer kept apart"),
    "ratings_refresh_from_roster": gettext_lazy("Ratings refreshed from the roster"),
    "later_ratings_set": gettext_lazy("Ratings from a later round set"),
    "tournament_create": gettext_lazy("Tournament created"),
    "tournament_update": gettext_lazy("Settings changed"),
    "tournament_start": gettext_lazy("Round robin started"),
    "tournament_archive": gettext_lazy("Tournament archived"),
    "tournament_delete": gettext_lazy("Tournament deleted"),
    "tournament_import_trf": gettext_lazy("Imported from a TRF file"),
    "tournament_import_json": gettext_lazy("Restored from a backup"),
    "tiebreaks_change_after_start": gettext_lazy("Tie-breaks changed after the start"),
    "role_grant": gettext_lazy("Role given"),
    "role_revoke": gettext_lazy("Role taken away"),
    "report.accept": gettext_lazy("Players' report accepted"),
    "report.override": gettext_lazy("Players' report overridden"),
    "report.auto_accept": gettext_lazy("Players' report accepted automatically"),
    "report.submit": gettext_lazy("Result reported by a player"),
    "report.confirm": gettext_lazy("Report confirmed by the opponent"),
    "report.superseded": gettext_lazy("Report replaced"),
    "reporting.settings": gettext_lazy("Phone report settings changed"),
    "reporting_link.issue": gettext_lazy("Reporting link issued"),
    "reporting_link.revoke": gettext_lazy("Reporting link revoked"),
    "reporting_link.email": gettext_lazy("Reporting link mailed"),
}

# Keys that say nothing to an arbiter (database versions and ids), or that the "On" column or the
# action already says.
_HIDDEN = {"version", "changed_version", "id", "pk", "round", "board", "number", "corrected_after_pairing"}
# Keys holding one participant's id, or a list of them.
_PERSON = {"bye", "participant", "participant_id", "white", "black", "player", "a", "b"}
_PEOPLE = {"participants", "players", "pair"}
_BOARDS_SHOWN = 3
_LABELS = {
    "result": gettext_lazy("result"),
    "boards": gettext_lazy("boards"),
    "bye": gettext_lazy("bye"),
    "breaks": gettext_lazy("breaks"),
    "gives_up": gettext_lazy("gives up"),
    "violations": gettext_lazy("rules broken"),
    "rounds_paired_on_old_result": gettext_lazy("rounds already paired on the old result"),
    "byes_dropped": gettext_lazy("requested byes dropped"),
    "boards_changed": gettext_lazy("boards changed"),
    "numbers_moved": gettext_lazy("pairing numbers moved"),
    "pairing_number": gettext_lazy("pairing number"),
    "joined_round": gettext_lazy("joined in round"),
    "withdrawn_from_round": gettext_lazy("withdrawn from round"),
    "archived_at": gettext_lazy("archived"),
}


def action_words(action: str) -> str:
    """The action in an arbiter's words: "Result entered" for ``result_record``."""
    known = ACTIONS.get(action)
    return str(known) if known else action.replace("_", " ").replace(".", ": ").capitalize()


def _ids_in(value: Any, key: str = "") -> set[int]:
    """Participant ids a stored value names (under the keys above, and in ``boards``)."""
    if isinstance(value, dict):
        return set().union(*(_ids_in(v, k) for k, v in value.items())) if value else set()
    if key in _PERSON and isinstance(value, int) and not isinstance(value, bool):
        return {value}
    if key in _PEOPLE and isinstance(value, list):
        return {v for v in value if isinstance(v, int) and not isinstance(v, bool)}
    if key == "boards" and isinstance(value, list):
        return {x for b in value if isinstance(b, list) and len(b) == 3 for x in b[1:] if isinstance(x, int)}
    return set()


def _result(value: Any) -> str:
    try:
        return str(Board.Result(value).label) if value else str(_("no result"))
    except ValueError:
        return str(value)


def _value(key: str, value: Any, names: dict[int, str]) -> str:
    def name(pk: Any) -> str:
        return names.get(pk, str(_("a player no longer in the list"))) if isinstance(pk, int) else str(pk)

    if key == "result":
        return _result(value)
    if key in _PERSON:
        return name(value)
    if key in _PEOPLE and isinstance(value, list):
        return ", ".join(name(v) for v in value)
    if key == "boards" and isinstance(value, list):
        shown = [
            f"{b[0]}. {name(b[1])} – {name(b[2])}"
            for b in value[:_BOARDS_SHOWN]
            if isinstance(b, list) and len(b) == 3
        ]
        more = len(value) - _BOARDS_SHOWN
        text = "; ".join(shown)
        if more > 0:
            text += " " + ngettext("and %(n)s more board", "and %(n)s more boards", more) % {"n": more}
        return text
    if key == "byes_dropped" and isinstance(value, list):
        return ", ".join(
            str(_("round %(round)s") % {"round": item[0]})
            for item in value
            if isinstance(item, list) and item
        )
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, list):
        return ", ".join(_value(key, v, names) for v in value)
    if isinstance(value, dict):
        return "; ".join(
            f"{_LABELS.get(k, k.replace('_', ' '))}: {_value(k, v, names)}"
            for k, v in value.items()
            if v not in (None, "", [], {})
        )
    return str(value)


def _described(value: Any, names: dict[int, str]) -> str:
    """A stored before/after in words: names for participant ids, result labels, no versions."""
    if value is None:
        return ""
    if not isinstance(value, dict):
        return str(value)
    return "; ".join(
        f"{_LABELS.get(key, key.replace('_', ' '))}: {_value(key, item, names)}"
        for key, item in value.items()
        if key not in _HIDDEN and item not in (None, "", [], {})
    )


def audit_page(
    tournament: Tournament, *, round_number: int | None = None, board: int | None = None, page: Any = 1
) -> AuditPage:
    """One page of the tournament's audit log, newest first, optionally for one round and board.

    Results carry their round and board number; round actions (pairing, publishing, hand edits)
    are matched by the round's id.
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
    ids = set().union(*(_ids_in(e.before) | _ids_in(e.after) for e in found.object_list)) if found else set()
    names = dict(Participant.objects.filter(tournament=tournament, pk__in=ids).values_list("pk", "name"))
    round_ids = [e.object_id for e in found.object_list if e.object_type == "round" and e.object_id.isdigit()]
    round_numbers = {
        str(pk): n for pk, n in Round.objects.filter(pk__in=round_ids).values_list("pk", "number")
    }
    rows = []
    for entry in found.object_list:
        after = entry.after if isinstance(entry.after, dict) else {}
        before = entry.before if isinstance(entry.before, dict) else {}
        if "board" in after and "round" in after:
            what = _("round %(round)s board %(board)s") % {"round": after["round"], "board": after["board"]}
        elif entry.object_type == "round" and "number" in after:
            what = _("round %(round)s") % {"round": after["number"]}
        elif entry.object_type == "round" and "number" in before:
            what = _("round %(round)s") % {"round": before["number"]}
        elif entry.object_type == "round" and entry.object_id in round_numbers:
            what = _("round %(round)s") % {"round": round_numbers[entry.object_id]}
        elif entry.object_type == "participant":
            what = after.get("name") or before.get("name") or f"participant {entry.object_id}"
        else:
            what = entry.object_type
        rows.append(
            AuditRow(
                entry,
                what,
                _described(entry.before, names),
                _described(entry.after, names),
                action_words(entry.action),
            )
        )
    return AuditPage(found, rows)
