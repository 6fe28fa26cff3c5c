"""Running the migrations to a point and back, for the tests of data migrations."""

from __future__ import annotations

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate_to(targets):  # noqa: ANN001, ANN201
    """Migrate to ``targets`` and return the apps registry as it stands there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def migrate_to_latest() -> None:
    migrate_to(MigrationExecutor(connection).loader.graph.leaf_nodes())
