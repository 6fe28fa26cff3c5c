"""Lock conflicts the database reports are a 409 "try again", never a 500."""

from __future__ import annotations

from django.db import OperationalError

from tournaments.api.base import api_exception_handler


class DeadlockDetected(Exception):
    """Stands in for psycopg.errors.DeadlockDetected, matched by class name like the real one."""


def operational_error(cause: Exception) -> OperationalError:
    error = OperationalError(str(cause))
    error.__cause__ = cause
    return error


def test_a_deadlock_is_a_conflict_to_retry():
    response = api_exception_handler(operational_error(DeadlockDetected("deadlock detected")), {})
    assert response.status_code == 409
    assert "try again" in response.data["detail"]


def test_a_busy_sqlite_file_is_a_conflict_to_retry():
    response = api_exception_handler(OperationalError("database is locked"), {})
    assert response.status_code == 409


def test_other_database_errors_are_not_hidden():
    assert api_exception_handler(OperationalError("no such table: x"), {}) is None
