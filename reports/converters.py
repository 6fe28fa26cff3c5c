"""The reporting token in URLs: URL-safe base64 of a bounded length, so odd input is a plain 404."""

from __future__ import annotations

from django.urls import register_converter


class ReportTokenConverter:
    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(ReportTokenConverter, "report_token")
