"""Model rows as plain JSON values and back, field by field: what the JSON backup reads and writes.

The models are the one definition of each field's type, choices, length and range; this module
turns a row's fields into JSON values (:func:`dump`) and checks a JSON object against them
(:func:`load`), strictly: ``5.5`` is not a round number and ``true`` is not a rating.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext

_INTEGER = (models.IntegerField, models.SmallIntegerField, models.BigIntegerField)


def dump(obj: models.Model, fields: Iterable[str]) -> dict[str, Any]:
    """``{field: JSON value}``: dates and times in ISO 8601 (UTC times end in ``Z``)."""
    return {name: _json_value(obj._meta.get_field(name).value_from_object(obj)) for name in fields}


def dump_row(fields: Iterable[str], row: Iterable[Any]) -> dict[str, Any]:
    """The same for a row read with ``values_list(*fields)``: no model instance built (a big
    event's 30,000 boards as instances took most of a backup's time)."""
    return {name: _json_value(value) for name, value in zip(fields, row, strict=True)}


def _json_value(value: Any) -> Any:
    if isinstance(value, datetime.datetime):
        text = value.isoformat()
        return text[:-6] + "Z" if text.endswith("+00:00") else text
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value


def _strict(field: models.Field, value: Any) -> Any:
    """Refuse the JSON types a field would otherwise coerce silently (``int(5.5)``, ``str([1])``)."""
    if isinstance(field, _INTEGER):
        if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
            raise ValidationError(gettext("A whole number is required."))
        if isinstance(value, float):
            return int(value)
        if isinstance(value, str) and not value.strip().lstrip("-").isdigit():
            raise ValidationError(gettext("A whole number is required."))
        if not isinstance(value, int | str):
            raise ValidationError(gettext("A whole number is required."))
    elif isinstance(field, models.BooleanField):
        if not isinstance(value, bool):
            raise ValidationError(gettext("Must be true or false."))
    elif isinstance(field, models.CharField | models.TextField):
        if not isinstance(value, str | int | float) or isinstance(value, bool):
            raise ValidationError(gettext("Text is required."))
        return str(value).strip()
    elif isinstance(field, models.DateField | models.DateTimeField):
        if not isinstance(value, str):
            raise ValidationError(gettext("A date in ISO 8601 (YYYY-MM-DD) is required."))
    return value


def load(
    model: type[models.Model], fields: Iterable[str], data: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """Check ``data`` against the model's ``fields``: (clean values, errors by field).

    A missing field is fine when the model has a default for it or allows it empty; keys that are
    not in ``fields`` are ignored.
    """
    values: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}
    for name in fields:
        field = model._meta.get_field(name)
        if name not in data:
            if not (field.has_default() or field.null or field.blank):
                errors[name] = ["This field is required."]
            continue
        value = data[name]
        try:
            if value is None:
                if not field.null:
                    raise ValidationError(gettext("This field may not be null."))
            else:
                value = field.clean(_strict(field, value), None)
        except ValidationError as exc:
            errors[name] = list(exc.messages)
            continue
        values[name] = value
    return values, errors
