"""``{{ cents|money:currency }}``: an amount in integer cents as 12.50 EUR."""

from __future__ import annotations

from django import template

from entries.fees import money as _money

register = template.Library()


@register.filter
def money(cents: int | None, currency: str = "") -> str:
    return _money(int(cents or 0), currency)
