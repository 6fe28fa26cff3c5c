"""Taking the tournament's row lock, the first step of every write that must not race.

``tournament_lock(tournament_id) -> Tournament`` locks the row for the rest of the transaction
and returns it as it is now; ``round_tournament_lock(round_id)`` does the same for a round's
tournament, before the round's own row (the order every write takes: locking both in one joined
``SELECT ... FOR UPDATE`` leaves the order to the query plan, and two writes taking them in
opposite orders deadlock). The permission checks run before the lock, on the tournament as
the request found it; an archive committed in between would let the write land in a read-only
tournament, so the lock checks again: ``ArchivedError`` (nothing written). Archiving, restoring
and deleting lock the row themselves (they are what an archived tournament still allows).

``tournament_lock(..., only=...)`` (result entry, issue 38) reads the columns it names with one
SQL statement written here, not compiled by the ORM on every call: every arbiter of a tournament
queues on its row, so the Python run while it is held is everyone's wait. ``rows_to_instances``
turns such a row into model instances as the ORM would (its converters, deferred columns).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from django.db import connection, models

from core.prepared import prepared_cursor
from tournaments.models import Round, Tournament
from tournaments.permissions import require_not_archived


def tournament_lock(
    tournament_id: int, *, only: tuple[str, ...] = (), then: tuple[str, list[Any]] | None = None
) -> Tournament:
    """The tournament, its row locked; ``ArchivedError`` if it has been archived meanwhile.
    ``only``: the columns the caller reads (the archive's stamp is always read), for a write
    that holds the lock as briefly as it can (result entry: the row has forty-odd columns).

    ``then`` (with ``only``): one more read, ``(sql, params)``, run once the lock is held; its
    first row (or ``None``) is the returned tournament's ``then_row``. On PostgreSQL both go in
    one round trip (a pipeline): the server runs the read as soon as it grants the lock, with a
    snapshot taken then (read committed), not after this thread has woken up for it."""
    if only:
        fields, sql = _lock_read(connection.vendor, connection.features.has_select_for_update, only)
        then_row = None
        with prepared_cursor(connection) as cursor, prepared_cursor(connection) as reader:
            if then is not None and _pipelined():
                with connection.wrap_database_errors, connection.connection.pipeline():
                    cursor.execute(sql, [tournament_id])
                    reader.execute(*then)
                    row = cursor.fetchone()
                    then_row = reader.fetchone()
            else:
                cursor.execute(sql, [tournament_id])
                row = cursor.fetchone()
                if then is not None and row is not None:
                    reader.execute(*then)
                    then_row = reader.fetchone()
        if row is None:
            raise Tournament.DoesNotExist("Tournament matching query does not exist.")
        locked = rows_to_instances(row, ((Tournament, fields),))[0]
        locked.then_row = then_row
    else:
        locked = Tournament.objects.select_for_update().get(pk=tournament_id)
    require_not_archived(locked)
    return locked


def _pipelined() -> bool:
    """Can this connection send several statements before reading their answers (PostgreSQL with
    psycopg 3 and libpq 14 or later)?"""
    if connection.vendor != "postgresql":
        return False
    import psycopg

    return psycopg.Pipeline.is_supported()


@lru_cache(maxsize=16)
def _lock_read(vendor: str, for_update: bool, only: tuple[str, ...]) -> tuple[list[models.Field], str]:
    """The fields ``tournament_lock(only=...)`` reads (the key, the archive's stamp and ``only``,
    in the model's order) and its statement; built once per process."""
    wanted = {"id", "archived_at", *only}
    fields = [f for f in Tournament._meta.concrete_fields if f.name in wanted]
    qn = connection.ops.quote_name
    sql = (
        f"SELECT {', '.join(qn(f.column) for f in fields)} FROM {qn(Tournament._meta.db_table)} "
        f"WHERE {qn('id')} = %s" + (" FOR UPDATE" if for_update else "")
    )
    return fields, sql


def rows_to_instances(
    row: Sequence[Any], parts: Sequence[tuple[type[models.Model], Sequence[models.Field]]]
) -> list[Any]:
    """One instance per ``(model, fields)`` of ``parts``, from the consecutive columns of ``row``
    (each model's fields in its own order; those it does not name are deferred), converted as the
    ORM converts them (SQLite's dates and booleans, JSON). The values after the last part are
    returned after the instances, converted by nothing."""
    out: list[Any] = []
    at = 0
    for model, fields in parts:
        values = []
        for field, converters in _converters(connection.vendor, model, tuple(fields)):
            value = row[at]
            at += 1
            for convert in converters:
                value = convert(value, field, connection)
            values.append(value)
        out.append(model.from_db(connection.alias, [f.attname for f in fields], values))
    out.extend(row[at:])
    return out


@lru_cache(maxsize=32)
def _converters(
    vendor: str, model: type[models.Model], fields: tuple[models.Field, ...]
) -> list[tuple[Any, list]]:
    """For each field: its column expression and the converters the ORM runs on its values."""
    out = []
    for field in fields:
        col = field.get_col(model._meta.db_table)
        out.append((col, connection.ops.get_db_converters(col) + field.get_db_converters(connection)))
    return out


def round_tournament_lock(round_id: int, *, archived_ok: bool = False) -> Tournament | None:
    """The round's tournament, its row locked (``None`` when the round is gone); ``ArchivedError``
    if it has been archived meanwhile, unless ``archived_ok``: closing a pairing claim (recording
    a failure, undoing a claim the broker never got) is what an archived tournament still allows,
    so that no round stays ``pairing`` for ever."""
    tournament_id = Round.objects.filter(pk=round_id).values_list("tournament_id", flat=True).first()
    if tournament_id is None:
        return None
    locked = Tournament.objects.select_for_update().get(pk=tournament_id)
    if not archived_ok:
        require_not_archived(locked)
    return locked
