"""URL converters shared by the staff pages, the public pages and the API.

They keep malformed values from reaching the database: PostgreSQL answers a NUL byte or a
40-digit id with an error, not a miss, so these turn such URLs into plain 404s.
"""

from __future__ import annotations

from django.urls import register_converter


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


register_converter(BoundedIdConverter, "id")
register_converter(PublicTokenConverter, "public_token")
