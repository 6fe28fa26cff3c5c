"""The "tournament changed" signal: one function bumps ``Tournament.version`` and ``updated_at``.

Public page caches key on the version and the arbiters' live tables poll it, so every service that
changes what a page shows calls :func:`tournament_changed` inside its transaction. The standings
key on ``standings_version``, which follows ``version`` on every change except a result entered in
a round still being played (``standings=False``): the standings shown are those after the last
complete round, so such a result cannot change them.
"""

from __future__ import annotations

from django.db import connection
from django.utils import timezone

from tournaments.models import Tournament


def tournament_changed(tournament_id: int, *, standings: bool = True, **also: object) -> None:
    """Add one to the tournament's version and stamp ``updated_at`` (one UPDATE, race-free).

    ``standings`` moves ``standings_version`` to the new version too; ``also`` are other columns
    written by the same UPDATE (result entry sets the status there).
    """
    sql, params = tournament_changed_statement(tournament_id, standings=standings, **also)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def tournament_changed_statement(
    tournament_id: int, *, standings: bool = True, **also: object
) -> tuple[str, list[object]]:
    """The UPDATE ``tournament_changed`` runs, as SQL and parameters (written here, not compiled by
    the ORM on every call: result entry runs it with the tournament's row locked, and sends it
    with its other writes in one statement, see ``tournaments.services.results``)."""
    qn = connection.ops.quote_name
    field = Tournament._meta.get_field
    # The right-hand sides read the row before the UPDATE: ``standings_version`` gets the new version.
    sets = [f"{qn('version')} = {qn('version')} + 1", f"{qn('updated_at')} = %s"]
    params: list[object] = [field("updated_at").get_db_prep_save(timezone.now(), connection)]
    if standings:
        sets.append(f"{qn('standings_version')} = {qn('version')} + 1")
    for name, value in also.items():
        column = field(name)
        sets.append(f"{qn(column.column)} = %s")
        params.append(column.get_db_prep_save(value, connection))
    params.append(tournament_id)
    return f"UPDATE {qn(Tournament._meta.db_table)} SET {', '.join(sets)} WHERE {qn('id')} = %s", params
