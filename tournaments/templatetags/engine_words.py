"""``{{ cell|tiebreak_name }}``, ``{{ cell|tiebreak_breakdown }}``, ``{{ note|engine_note }}``: a
tie-break cell's words in the page's language (``pairing.words``; the cached cells are English)."""

from __future__ import annotations

from typing import Any

from django import template

from pairing.words import breakdown_words
from pairing.words import tiebreak_name as name_of

register = template.Library()


@register.filter
def tiebreak_name(cell: Any) -> str:
    return name_of(cell.code, cell.name)


@register.filter
def tiebreak_breakdown(cell: Any) -> str:
    return breakdown_words(cell.breakdown, cell.code, cell.name)


@register.filter
def engine_note(note: str) -> str:
    return breakdown_words(note)
