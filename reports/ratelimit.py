"""Per-token rate limits for the players' pages, counted in the cache.

A link is one player's: a few reports a game, and the page polling while they wait for the
opponent. The limits are far above that and far below what a leaked link used as a hammer (or a
script stuck in a loop) would send. Unknown tokens are not counted per token (there are 2**128 of
them); they get the same 404 whatever they are.
"""

from __future__ import annotations

from django.conf import settings

from core.ratelimit import count_in_window

WINDOW_SECONDS = 10 * 60
DEFAULT_LIMITS = {"read": 300, "write": 30}
"""Requests per link per 10 minutes: page views and polls (one every 5 s is 120), and posts."""


def limit(kind: str) -> int:
    return getattr(settings, "REPORTS_RATE_LIMITS", DEFAULT_LIMITS)[kind]


def allow(kind: str, token_hash: str) -> bool:
    """Count one request of ``kind`` for the link; False once the link has used up its window."""
    return count_in_window(f"reports-rate:{kind}:{token_hash[:32]}", WINDOW_SECONDS) <= limit(kind)
