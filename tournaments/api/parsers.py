"""The API's JSON parser: DRF's, refusing documents nested deeper than any real one.

Python's JSON reader (and everything that walks the result) recurses once per level, so a body of
a thousand ``[`` would end in a ``RecursionError``, a 500. The deepest document the API takes (a
backup with a round's explanation) is 8 levels; anything deeper than :data:`MAX_DEPTH` is a 400.
"""

from __future__ import annotations

import io
import re
from typing import Any

from django.utils.translation import gettext
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)


_KEEP = bytes.maketrans(b"{}", b"[]")
_DROP = bytes(b for b in range(256) if b not in b"[]{}")


def nested_deeper_than(raw: bytes, limit: int) -> bool:
    """Whether the arrays and objects of a JSON text nest more than ``limit`` deep (strings
    skipped), without parsing it: each pass drops the innermost ``[]`` pairs, at C speed."""
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    brackets = _STRING.sub(b"", raw).translate(_KEEP, _DROP)
    for _ in range(limit):
        brackets = brackets.replace(b"[]", b"")
        if not brackets:
            return False
    return b"[]" in brackets


class ShallowJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        raw = stream.read() if stream is not None else b""
        if nested_deeper_than(raw, MAX_DEPTH):
            raise ParseError(
                gettext("JSON nested more than %(MAX_DEPTH)s levels deep is not accepted.")
                % {"MAX_DEPTH": MAX_DEPTH}
            )
        return super().parse(io.BytesIO(raw), media_type, parser_context)
