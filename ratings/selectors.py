"""Reads of the rating list: searching players, listing imports, one import's progress."""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from core.names import search_key
from ratings.models import RatedPlayer, RatingImport

SEARCH_LIMIT = 20
CANDIDATES_PER_RESULT = 5


def rated_player_search(*, query: str, limit: int = SEARCH_LIMIT) -> list[RatedPlayer]:
    """Players whose FIDE id is ``query``, or whose name has every word of it, accents and case ignored.

    FIDE lists names as "Surname, Given names". One word of the query must start the name (so the
    indexed prefix search does the heavy lifting on a million rows); the others may be anywhere:
    "carlsen", "Carlsen Mag" and "magnus carlsen" all find Carlsen, Magnus. When the prefix search
    finds too few, a word may start any word of the name: "magnus" or "luis" alone find the given
    name (a scan of the table, stopped as soon as enough players are found).
    """
    text = query.strip()
    if text.isascii() and text.isdigit():  # "²" is a digit to isdigit(), not to int()
        return list(RatedPlayer.objects.filter(fide_id=int(text))) if len(text) < 13 else []
    words = search_key(text).split()
    if not words:
        return []
    found: dict[int, RatedPlayer] = {}
    for lead in dict.fromkeys(words):
        qs = RatedPlayer.objects.filter(search_key__startswith=lead)
        for other in words:
            if other != lead:
                qs = qs.filter(search_key__contains=other)
        # No ORDER BY: sorting every "muller%" row (40,000 in the benchmark's list) before the
        # LIMIT took 300 ms; unordered, the index scan stops after the first few hundred. A
        # common name shows some of its players in name order; typing more narrows it down.
        for player in qs.order_by()[: limit * CANDIDATES_PER_RESULT]:
            found.setdefault(player.fide_id, player)
        if len(found) >= limit:
            break
    if len(found) < limit:
        for lead in dict.fromkeys(words):
            qs = RatedPlayer.objects.filter(search_key__contains=f" {lead}")
            for other in words:
                if other != lead:
                    qs = qs.filter(search_key__contains=other)
            for player in qs.order_by()[: limit * CANDIDATES_PER_RESULT]:
                found.setdefault(player.fide_id, player)
            if len(found) >= limit:
                break
    return sorted(found.values(), key=lambda p: (p.search_key, p.fide_id))[:limit]


def rated_player_get(*, fide_id: int) -> RatedPlayer | None:
    return RatedPlayer.objects.filter(fide_id=fide_id).first()


def rating_import_list(*, limit: int = 20) -> QuerySet[RatingImport]:
    return RatingImport.objects.select_related("uploaded_by")[:limit]


def rated_player_count() -> int:
    return RatedPlayer.objects.count()


def rating_import_get(*, pk: int) -> RatingImport:
    """Import ``pk`` (its progress page), or 404."""
    return get_object_or_404(RatingImport, pk=pk)
