"""The one half-point formatter."""

from __future__ import annotations

import pytest

from tournaments.scores import format_points


@pytest.mark.parametrize(
    ("half_points", "shown"),
    [(0, "0"), (1, "½"), (2, "1"), (3, "1½"), (5, "2½"), (8, "4"), (14, "7"), (None, "")],
)
def test_it_writes_half_points_as_people_read_them(half_points, shown):
    assert format_points(half_points) == shown
