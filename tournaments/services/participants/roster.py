"""Registration from the club's roster or the FIDE rating list, and ratings refreshed from the roster.

* ``participant_register_from_roster(*, tournament, user, roster_player_id) -> Participant``:
  enter a player of the tournament's club roster (name, rating, title, federation, FIDE id, club).
* ``participant_register_from_rating_list(*, tournament, user, fide_id) -> Participant``: enter a
  player of the imported FIDE list (standard rating, best title, federation), for tournaments
  with or without a club.
* ``participant_register_with_roster(*, tournament, user, **fields) -> Participant``: a new player
  entered in the tournament and added to the club's roster, both or neither. Adding to the roster
  needs the club role that edits it (owner or organiser).
* ``ratings_refresh_from_roster(*, tournament, user) -> int``: before round 1 is paired, copy
  rating, title and federation from the roster to the participants it finds (by FIDE id, else by
  name, accents and case ignored); returns how many changed. Audited (with every change) even
  when nothing changed: the arbiter did check.

Registration itself (checks, pairing numbers, late entries, audit) is ``participant_register``.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from clubs.models import RosterPlayer
from clubs.permissions import MANAGE, can
from clubs.services.errors import ClubError
from clubs.services.roster import roster_player_create
from core.errors import NotAllowedError, ValidationFailed
from core.names import search_key
from ratings.selectors import rated_player_get
from tournaments.models import Participant, Round, Tournament
from tournaments.permissions import require_arbiter
from tournaments.services.audit import audit_record
from tournaments.services.locks import tournament_lock
from tournaments.services.participants.numbers import TITLE_ORDER, pairing_numbers_assign
from tournaments.services.participants.registration import (
    TO_CHANGE_PARTICIPANTS,
    Registered,
    participant_register,
)
from tournaments.services.versions import tournament_changed

REFRESHED = ("rating", "title", "federation")


def _title(title: str) -> str:
    title = (title or "").upper()
    return title if title in TITLE_ORDER else ""


def roster_fields(player: RosterPlayer) -> dict[str, Any]:
    """A roster player as participant fields."""
    return {
        "name": player.name,
        "rating": player.rating or 0,
        "title": _title(player.title),
        "federation": player.federation,
        "fide_id": str(player.fide_id or ""),
        "club_name": player.club_name or player.club.name,
    }


def participant_register_from_roster(
    *, tournament: Tournament, user: Any, roster_player_id: Any
) -> Registered:
    require_arbiter(user, tournament, to=TO_CHANGE_PARTICIPANTS)
    if tournament.club_id is None:
        raise ValidationFailed(
            gettext("This tournament belongs to no club, so it has no roster to pick from.")
        )
    player = (
        RosterPlayer.objects.select_related("club")
        .filter(club_id=tournament.club_id, pk=roster_player_id)
        .first()
        if str(roster_player_id).isascii() and str(roster_player_id).isdigit()
        else None
    )
    if player is None:
        raise ValidationFailed(gettext("That player is not on the club's roster."))
    return participant_register(tournament=tournament, user=user, **roster_fields(player))


def participant_register_from_rating_list(*, tournament: Tournament, user: Any, fide_id: Any) -> Registered:
    require_arbiter(user, tournament, to=TO_CHANGE_PARTICIPANTS)
    rated = (
        rated_player_get(fide_id=int(fide_id))
        if str(fide_id).isascii() and str(fide_id).isdigit() and len(str(fide_id)) < 13
        else None
    )
    if rated is None:
        raise ValidationFailed(
            gettext("No player with FIDE id %(fide_id)s in the rating list.") % {"fide_id": fide_id}
        )
    return participant_register(tournament=tournament, user=user, **listed_fields(rated))


def listed_fields(rated: Any) -> dict[str, Any]:
    """A player of the FIDE rating list as participant fields."""
    return {
        "name": rated.name,
        "rating": rated.standard_rating or 0,
        "title": _title(rated.best_title),
        "federation": rated.federation,
        "fide_id": str(rated.fide_id),
    }


def participant_register_with_roster(*, tournament: Tournament, user: Any, **fields: Any) -> Registered:
    require_arbiter(user, tournament, to=TO_CHANGE_PARTICIPANTS)
    club = tournament.club
    if club is None:
        raise ValidationFailed(
            gettext("This tournament belongs to no club, so there is no roster to add to.")
        )
    if not can(user, club, MANAGE):
        raise NotAllowedError(
            gettext("Only the owners and organisers of %(name)s can add players to its roster.")
            % {"name": club.name}
        )
    with transaction.atomic():
        registered = participant_register(tournament=tournament, user=user, **fields)
        participant = registered.participant
        try:
            roster_player_create(
                club=club,
                name=participant.name,
                rating=participant.rating or None,
                title=participant.title,
                federation=participant.federation,
                fide_id=int(participant.fide_id) if participant.fide_id else None,
                club_name=participant.club_name,
                email=participant.email,
            )
        except ClubError as exc:
            raise ValidationFailed(
                gettext("%(message)s Nothing was registered.") % {"message": exc.message}
            ) from exc
    return registered


def _roster_match(
    participant: Participant, by_fide: dict[int, RosterPlayer], by_name: dict[str, RosterPlayer | None]
) -> RosterPlayer | None:
    if participant.fide_id and participant.fide_id.isdigit() and int(participant.fide_id) in by_fide:
        return by_fide[int(participant.fide_id)]
    return by_name.get(search_key(participant.name))


def ratings_refresh_from_roster(*, tournament: Tournament, user: Any) -> int:
    require_arbiter(user, tournament, to="refresh its ratings")
    if tournament.club_id is None:
        raise ValidationFailed(
            gettext("This tournament belongs to no club, so it has no roster to refresh from.")
        )
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        if Round.objects.filter(tournament=locked).exists():
            raise ValidationFailed(
                gettext(
                    "Round 1 has been paired: ratings are frozen now, because they decided the pairing numbers and the pairings. Refresh them before pairing round 1."
                )
            )
        roster = list(RosterPlayer.objects.filter(club_id=locked.club_id))
        by_fide = {p.fide_id: p for p in roster if p.fide_id}
        by_name: dict[str, RosterPlayer | None] = {}
        for p in roster:  # a name two roster players share matches neither
            by_name[p.search_key] = None if p.search_key in by_name else p
        changes = []
        for participant in Participant.objects.filter(tournament=locked).order_by("pk"):
            match = _roster_match(participant, by_fide, by_name)
            if match is None:
                continue
            new = {"rating": match.rating or 0, "title": _title(match.title), "federation": match.federation}
            old = {field: getattr(participant, field) for field in REFRESHED}
            if new == old:
                continue
            Participant.objects.filter(pk=participant.pk).update(**new)
            changes.append({"participant": participant.name, "before": old, "after": new})
        if changes:
            pairing_numbers_assign(locked)
            tournament_changed(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action="ratings_refresh_from_roster",
            before=None,
            after={"changed": changes},
        )
    return len(changes)
