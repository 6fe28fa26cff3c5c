"""The one field-update helper: set several fields of a model instance from a mapping."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def fields_set(instance: Any, values: Mapping[str, Any], *, skip_none: bool = False) -> list[str]:
    """Set each named field of ``instance`` to its value (leaving out ``None`` values when
    ``skip_none``) and return the names set, for ``save(update_fields=...)``."""
    names = [name for name, value in values.items() if not (skip_none and value is None)]
    for name in names:
        setattr(instance, name, values[name])
    return names


def fields_copy(target: Any, source: Any, names: Iterable[str]) -> None:
    """Copy the named fields from ``source`` to ``target`` (the caller's copy of a row it has just
    written through another instance, e.g. a locked re-read)."""
    fields_set(target, {name: getattr(source, name) for name in names})
