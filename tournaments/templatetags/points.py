"""``{{ score|points_count }}``: the count for ``{% blocktranslate count %}`` of a score written
"2½" (see ``tournaments.scores.points_plural_count``)."""

from __future__ import annotations

from django import template

from tournaments.scores import points_plural_count

register = template.Library()


@register.filter
def points_count(points: str | int | None) -> int:
    return points_plural_count(points)
