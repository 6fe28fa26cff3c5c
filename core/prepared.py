"""A query of the hot paths compiled to SQL once a process, then run with new values.

Django compiles a queryset's SQL again every time it runs: for the few reads every result entry
makes (the signed-in user, the API token, the tournament with the user's role, the row's two
players' games, byes and namesakes), compiling was most of their CPU (issue 38: about 6 of the
form's 12 ms an entry). ``Prepared`` builds the queryset once with stand-in values, keeps its SQL
and where each stand-in landed among the parameters, and later runs that SQL with the real
values, turning rows into model instances as the ORM's own iterable does (the same converters,
``select_related`` objects and annotations), or into tuples for a ``values_list`` query.

    _OWN_GAMES = Prepared(lambda t, n: Board.objects.filter(round__tournament=t, round__number__lte=n)
                          .values_list("white_id", "result"))
    rows = _OWN_GAMES.rows(tournament.pk, 8)

The build function takes as many arguments as the query has values to change; each is given an
integer stand-in that must reach the SQL as one parameter (an ``=``, ``<=`` or ``RawSQL`` value,
or one element of an ``__in`` list of fixed length: a list whose length changes is a different
query); a text field's lookup receives it as a string, which counts too. A stand-in the SQL does
not carry is an error at the first use, not a wrong answer.

On PostgreSQL those statements also go through ``prepared_cursor``: psycopg's server-side binding,
so PostgreSQL parses and plans each once a connection and then only binds and runs it. Under the
form's load that planning was 1.3 ms of PostgreSQL's 4 ms of CPU an entry (pg_stat_statements with
``track_planning``). Django's own cursors keep client-side binding (its default, which every
other query of the app is written for); ``DB_PREPARED_STATEMENTS=0`` turns preparing off for a
connection pooler in transaction mode (``config/settings.py``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import QuerySet
from django.db.models.query import ModelIterable, ValuesListIterable, get_related_populators

_STAND_IN = 32_719
"""The first stand-in value; the next are one lower. Small and positive: Django 5 compiles a lookup
whose value is out of its column's range (a negative round number, say) to no SQL at all."""


def prepared_cursor(connection: BaseDatabaseWrapper) -> Any:
    """A cursor on ``connection`` (Django's wrapper: errors, execute wrappers and the query log as
    any cursor's) whose statements PostgreSQL prepares, with their parameters bound server-side,
    once a connection (psycopg's ``prepare_threshold``, 0 in our settings). Elsewhere, or with
    psycopg 2, ``connection.cursor()``. For statements written once and run many times with new
    values: every parameter's type must be plain (a column's, or a literal's), which the ORM's SQL
    does not promise in general. While Django logs queries, a plain client-side cursor."""
    if connection.vendor != "postgresql" or connection.queries_logged:
        # Django's query log (DEBUG, a test capturing queries) reads the SQL with its values from
        # a client-side cursor; a server-binding one would log nothing.
        return connection.cursor()
    from django.db.backends.postgresql import base

    if not base.is_psycopg3:
        return connection.cursor()
    # What ``BaseDatabaseWrapper._cursor`` does, with the server-binding cursor class Django
    # itself uses when ``server_side_binding`` is set.
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    with connection.wrap_database_errors:
        return connection._prepare_cursor(base.ServerBindingCursor(connection.connection))


class Prepared:
    """A queryset built by ``build(*values)``, its SQL compiled once per database alias."""

    def __init__(self, build: Callable[..., QuerySet[Any]]) -> None:
        self._build = build
        self._compiled: dict[str, _Compiled] = {}
        self._lock = threading.Lock()

    def _for(self, using: str | None) -> _Compiled:
        alias = using or "default"
        compiled = self._compiled.get(alias)
        if compiled is None:
            with self._lock:
                compiled = self._compiled.get(alias) or _Compiled(self._build, alias)
                self._compiled[alias] = compiled
        return compiled

    def objects(self, *values: Any, using: str | None = None) -> list[Any]:
        """The model instances the queryset would give (``select_related`` and annotations too)."""
        return self._for(using).objects(values)

    def first(self, *values: Any, using: str | None = None) -> Any | None:
        """The first instance, or ``None`` (for a query by a unique key)."""
        found = self._for(using).objects(values)
        return found[0] if found else None

    def rows(self, *values: Any, using: str | None = None) -> list[tuple[Any, ...]]:
        """The tuples a ``values_list`` queryset would give."""
        return self._for(using).rows(values)


class _Compiled:
    def __init__(self, build: Callable[..., QuerySet[Any]], alias: str) -> None:
        arity = build.__code__.co_argcount
        stand_ins = [_STAND_IN - k for k in range(arity)]
        queryset = build(*stand_ins).using(alias)
        self.alias = alias
        self.iterable = queryset._iterable_class
        if self.iterable not in (ModelIterable, ValuesListIterable):
            raise TypeError("Prepared takes model querysets and values_list querysets")
        compiler = queryset.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        self.sql = sql
        self.params = list(params)
        # Which parameter each stand-in became (a value may be used more than once: every place).
        # (A constant the query itself passes as a parameter must not equal a stand-in: none of ours
        # is near 32,700.)
        self.slots: list[list[int]] = [
            [i for i, p in enumerate(params) if p in (s, str(s))] for s in stand_ins
        ]
        missing = [k for k, slots in enumerate(self.slots) if not slots]
        if missing:
            raise ValueError(f"the query's SQL does not carry its value(s) {missing} as parameters: {sql}")
        self.compiler = compiler
        select = compiler.select
        fields = [s[0] for s in select[: compiler.col_count]]
        self.converters = compiler.get_converters(fields)
        if self.iterable is ModelIterable:
            info = compiler.klass_info
            self.model = info["model"]
            start, end = info["select_fields"][0], info["select_fields"][-1] + 1
            self.model_slice = slice(start, end)
            self.init_list = [f[0].target.attname for f in select[start:end]]
            self.annotations = dict(compiler.annotation_col_map)
            self.related = get_related_populators(info, select, alias)

    def _execute(self, values: tuple[Any, ...]) -> list[Any]:
        if len(values) != len(self.slots):
            raise TypeError(f"the query takes {len(self.slots)} values, not {len(values)}")
        params = list(self.params)
        for value, slots in zip(values, self.slots, strict=True):
            for slot in slots:
                params[slot] = value
        connection = connections[self.alias]
        with prepared_cursor(connection) as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        if self.converters and rows:
            rows = list(self.compiler.apply_converters(rows, self.converters))
        return rows

    def rows(self, values: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if self.iterable is not ValuesListIterable:
            raise TypeError("rows() is for values_list querysets; objects() for model querysets")
        return [tuple(row) for row in self._execute(values)]

    def objects(self, values: tuple[Any, ...]) -> list[Any]:
        if self.iterable is not ModelIterable:
            raise TypeError("objects() is for model querysets; rows() for values_list querysets")
        found = []
        for row in self._execute(values):
            obj = self.model.from_db(self.alias, self.init_list, row[self.model_slice])
            for populator in self.related:
                populator.populate(row, obj)
            for name, position in self.annotations.items():
                setattr(obj, name, row[position])
            found.append(obj)
        return found
