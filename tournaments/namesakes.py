"""What tells namesakes apart: two participants of one tournament with the same name (ignoring
case) are shown with their club, else their FIDE id, else their rating, else their pairing number.

The one home of the label, for every page that shows names (staff lists and round pages, the
public pages and PDFs):

* ``namesake_labels(people, public=False) -> {participant id: label}``: from participants already
  loaded (no query); only namesakes get a label. ``public=True`` never uses the FIDE id, which
  public pages do not show (``Participant.PUBLIC_FIELDS``) and do not load.
* ``namesakes_of(tournament, public=False)``: the same for a page that has not loaded the whole
  field, in one query (only the participants whose name is shared are read).
* ``namesakes_among(tournament, people)``: the labels of a few participants only (a board's
  two players after a result), in one query that reads only those who bear their names.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Count, Window
from django.db.models.functions import Lower

from core.prepared import Prepared
from tournaments.models import Participant, Tournament

_STAFF_ORDER = (("club_name", "{}"), ("fide_id", "FIDE {}"), ("rating", "{}"))
_FIELDS = ("id", "name", "club_name", "rating", "pairing_number")
"""What the labels are made of (staff labels also read ``fide_id``)."""
_PUBLIC_ORDER = (("club_name", "{}"), ("rating", "{}"))


def namesake_labels(people: Iterable[Participant], *, public: bool = False) -> dict[int, str]:
    """For participants who share a name (ignoring case): what tells each apart, else nothing.

    The club if the namesakes' clubs differ, else the FIDE id (staff only), else the rating, else
    the pairing number."""
    by_name: dict[str, list[Participant]] = {}
    for p in people:
        by_name.setdefault(p.name.casefold(), []).append(p)
    labels: dict[int, str] = {}
    for group in (g for g in by_name.values() if len(g) > 1):
        for attr, label in _PUBLIC_ORDER if public else _STAFF_ORDER:
            values = [getattr(p, attr) for p in group]
            if all(values) and len(set(values)) == len(values):
                labels.update({p.pk: label.format(getattr(p, attr)) for p in group})
                break
        else:
            labels.update({p.pk: f"no. {p.pairing_number}" for p in group})
    return labels


def namesakes_query(tournament: Tournament | int):
    """The participants of ``tournament`` whose name (lower-cased) another participant shares.

    One scan of the tournament's participants counted per name with a window, whatever the
    planner believes of the table: an ``IN (... GROUP BY ... HAVING)`` subquery was planned as a
    nested loop re-grouping the whole field for every participant when the table's statistics
    were stale (180 ms at 1,000 players right after an import, on every result entered)."""
    return (
        Participant.objects.filter(tournament=tournament)
        .annotate(sharing=Window(Count("id"), partition_by=[Lower("name")]))
        .filter(sharing__gt=1)
    )


def namesakes_among(tournament: Tournament | int, people: Iterable[Participant]) -> dict[int, str]:
    """``namesakes_of`` restricted to ``people`` (staff labels): everyone bearing one of their
    names is read, so each namesake group is whole and labelled as on the full list; nothing
    else is (a result entry read and sorted the whole field's names for its two players)."""
    names = {p.name.lower() for p in people}
    if not names:
        return {}
    bearers = (
        Participant.objects.filter(tournament=tournament)
        .annotate(lowered=Lower("name"))
        .filter(lowered__in=names)
        .only(*_FIELDS, "fide_id")
    )
    return _labels_of(people, bearers)


def _labels_of(people: Iterable[Participant], bearers: Iterable[Participant]) -> dict[int, str]:
    """The staff labels of ``people`` among ``bearers`` (everyone bearing one of their names)."""
    wanted = {p.pk for p in people}
    return {pk: label for pk, label in namesake_labels(bearers).items() if pk in wanted}


# A board's two players' namesakes (the row sent back after each result entry), compiled once a
# process (core.prepared).
_PAIR_BEARERS = Prepared(
    lambda tournament_id, a, b: (
        Participant.objects.filter(tournament=tournament_id)
        .annotate(lowered=Lower("name"))
        .filter(lowered__in=[a, b])
        .only(*_FIELDS, "fide_id")
    )
)


def pair_namesakes(tournament_id: int, white: Participant, black: Participant) -> dict[int, str]:
    """``namesakes_among`` for one board's two players (one query, compiled once a process)."""
    return _labels_of(
        (white, black), _PAIR_BEARERS.objects(tournament_id, white.name.lower(), black.name.lower())
    )


def namesakes_of(tournament: Tournament | int, *, public: bool = False) -> dict[int, str]:
    """``namesake_labels`` of the whole tournament, in one query."""
    fields = (*_FIELDS, *(() if public else ("fide_id",)))
    return namesake_labels(namesakes_query(tournament).only(*fields), public=public)
