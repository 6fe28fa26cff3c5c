"""``{{ labels|namesake:participant_id }}``: the small "(Hull)" after a namesake's name, or
nothing. ``labels`` is a participant id -> label dict from ``tournaments.namesakes``, which the
view or selector computed (templates never work out who is a namesake)."""

from __future__ import annotations

from django import template
from django.utils.html import format_html

register = template.Library()


@register.filter
def namesake(labels: dict[int, str] | None, participant_id: int | None) -> str:
    label = labels.get(participant_id) if labels and participant_id is not None else None
    return format_html(' <small class="muted namesake">({})</small>', label) if label else ""
