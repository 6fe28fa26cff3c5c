"""The club's roster of players: create, edit, delete, and add from the FIDE rating list."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from clubs.models import Club, RosterPlayer
from clubs.services.errors import ClubError
from core.fields import fields_set
from core.names import search_key
from ratings.selectors import rated_player_get

FIELDS = ("name", "rating", "title", "federation", "fide_id", "club_name", "birth_year", "email", "phone")


def _save(player: RosterPlayer, fields: dict[str, Any]) -> RosterPlayer:
    unknown = set(fields) - set(FIELDS)
    if unknown:
        raise ClubError(gettext("Unknown fields: %(sorted)s.") % {"sorted": ", ".join(sorted(unknown))})
    fields_set(player, fields)
    player.name = " ".join((player.name or "").split())
    if not player.name:
        raise ClubError(gettext("A player needs a name."), field="name")
    player.federation = (player.federation or "").upper()
    player.search_key = search_key(player.name)[:100]
    try:
        with transaction.atomic():
            player.save()
    except IntegrityError as exc:
        raise ClubError(
            gettext("FIDE id %(fide_id)s is already on the roster.") % {"fide_id": player.fide_id},
            field="fide_id",
        ) from exc
    return player


def roster_player_create(*, club: Club, **fields: Any) -> RosterPlayer:
    return _save(RosterPlayer(club=club), fields)


def roster_player_update(*, club: Club, player_id: int, **fields: Any) -> RosterPlayer:
    player = RosterPlayer.objects.filter(club=club, pk=player_id).first()
    if player is None:
        raise ClubError(gettext("No such player on this roster."))
    return _save(player, fields)


def roster_player_delete(*, club: Club, player_id: int) -> RosterPlayer:
    player = RosterPlayer.objects.filter(club=club, pk=player_id).first()
    if player is None:
        raise ClubError(gettext("No such player on this roster."))
    player.delete()
    return player


def roster_player_add_from_rating(*, club: Club, fide_id: int) -> RosterPlayer:
    """Copy a player of the FIDE list to the roster: name, standard rating, title, federation, birth year."""
    rated = rated_player_get(fide_id=fide_id)
    if rated is None:
        raise ClubError(
            gettext("No player with FIDE id %(fide_id)s in the rating list.") % {"fide_id": fide_id}
        )
    title = (
        rated.best_title if rated.best_title in ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM") else ""
    )
    return roster_player_create(
        club=club,
        name=rated.name,
        rating=rated.standard_rating,
        title=title,
        federation=rated.federation,
        fide_id=rated.fide_id,
        birth_year=rated.birth_year,
    )
