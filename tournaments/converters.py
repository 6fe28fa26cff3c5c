"""URL converters shared by the staff pages, the public pages and the API, and the one parser of
numbers typed into a query string or a form (:func:`parse_bounded_int`).

They keep malformed values from reaching the database: PostgreSQL answers a NUL byte or a
40-digit id with an error, not a miss, so these turn such URLs into plain 404s. ``str.isdigit``
is no test for a number ("²" is a digit that ``int`` refuses), so nothing else should be used.
"""

from __future__ import annotations

from django.urls import register_converter
from django.utils.translation import gettext


class BoundedIdConverter:
    """Ids in URLs: at most 9 digits."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class PublicTokenConverter:
    """Public tokens are URL-safe base64 (``secrets.token_urlsafe``)."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class BadNumber(ValueError):
    """The message says which numbers would do."""


def parse_bounded_int(value: object, *, minimum: int, maximum: int, label: str) -> int | None:
    """``value`` (a query-string or form value) as an int in ``minimum..maximum``; ``None`` when
    empty; :class:`BadNumber` naming ``label`` and the range otherwise. Only ASCII digits with an
    optional leading minus are numbers."""
    text = "" if value is None else str(value).strip()
    if not text:
        return None
    digits = text[1:] if text.startswith("-") else text
    if not (0 < len(digits) <= 12 and digits.isascii() and digits.isdigit()) or not (
        minimum <= int(text) <= maximum
    ):
        raise BadNumber(
            gettext("%(label)s must be a whole number from %(minimum)s to %(maximum)s.")
            % {"label": label, "minimum": minimum, "maximum": maximum}
        )
    return int(text)


register_converter(BoundedIdConverter, "id")
register_converter(PublicTokenConverter, "public_token")
