"""Ratings from a later round, in a tournament lasting more than 30 days (FIDE's endorsement
checklist, Q210-216; the TEC manual: the reference list is the one valid for the month of the
round when a tournament lasts more than 30 days).

A participant's ``rating`` is their first rating: the pairing numbers and the pairings use it
throughout. A ``ParticipantRating`` gives the rating valid from a later round on; the rating
tie-breaks (ARO, TPR) count the first rating, the rating valid in each round, or the rating valid
in a chosen round, as the tournament's ``rating_basis`` says (``pairing.standings``).

* ``later_ratings_set(*, tournament, user, from_round, ratings) -> int``: ``ratings`` maps
  participant pk to a rating (``None`` removes the one from that round); returns how many changed.
* ``later_ratings_from_text(*, tournament, user, from_round, text) -> int``: lines of
  ``number, rating``, the number a FIDE id or a pairing number (a CSV of two columns).
* ``later_ratings_from_fide_list(*, tournament, user, from_round) -> int``: the standard rating of
  every participant with a FIDE id, from the FIDE list loaded on this site.

Every function checks ``can_arbitrate``, writes in one transaction under the tournament's lock and
records the change. The ratings may be entered before the tournament is marked as lasting more
than 30 days; the tie-breaks use them only once it is.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from core.errors import ValidationFailed
from ratings.models import RatedPlayer
from tournaments.models import Participant, ParticipantRating, Tournament
from tournaments.permissions import require_arbiter
from tournaments.services.audit import audit_record
from tournaments.services.locks import tournament_lock
from tournaments.services.participants.registration import TO_CHANGE_PARTICIPANTS
from tournaments.services.versions import tournament_changed

MAX_RATING = 3500


def _checked_round(tournament: Tournament, from_round: Any) -> int:
    if (
        isinstance(from_round, bool)
        or not isinstance(from_round, int)
        or not 2 <= from_round <= tournament.rounds_planned
    ):
        raise ValidationFailed(
            gettext(
                "A later rating applies from round 2 to %(rounds)s (the first rating is the participant's own)."
            )
            % {"rounds": tournament.rounds_planned}
        )
    return from_round


def later_ratings_set(
    *, tournament: Tournament, user: Any, from_round: int, ratings: dict[int, int | None]
) -> int:
    """Set (or, with ``None``, remove) the ratings valid from ``from_round``; see the module docstring."""
    require_arbiter(user, tournament, to=TO_CHANGE_PARTICIPANTS)
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        number = _checked_round(locked, from_round)
        people = {p.pk: p for p in Participant.objects.filter(tournament=locked, pk__in=list(ratings))}
        unknown = sorted(set(ratings) - set(people))
        if unknown:
            raise ValidationFailed(
                gettext("Not participants of this tournament: %(ids)s.")
                % {"ids": ", ".join(map(str, unknown))}
            )
        for pk, rating in ratings.items():
            if rating is not None and (
                isinstance(rating, bool) or not isinstance(rating, int) or not 0 <= rating <= MAX_RATING
            ):
                raise ValidationFailed(
                    gettext("%(name)s: a rating is a whole number from 0 to 3500.")
                    % {"name": people[pk].name}
                )
        current = dict(
            ParticipantRating.objects.filter(participant_id__in=list(people), from_round=number).values_list(
                "participant_id", "rating"
            )
        )
        changes = []
        for pk, rating in sorted(ratings.items()):
            if current.get(pk) == rating:
                continue
            if rating is None:
                ParticipantRating.objects.filter(participant_id=pk, from_round=number).delete()
            else:
                ParticipantRating.objects.update_or_create(
                    participant_id=pk, from_round=number, defaults={"rating": rating}
                )
            changes.append({"participant": people[pk].name, "before": current.get(pk), "after": rating})
        if changes:
            tournament_changed(locked.pk)
            audit_record(
                tournament=locked,
                user=user,
                action="later_ratings_set",
                before=None,
                after={"from_round": number, "changed": changes},
            )
    return len(changes)


def later_ratings_from_text(*, tournament: Tournament, user: Any, from_round: int, text: str) -> int:
    """Ratings from ``from_round`` from lines ``number, rating`` (the number: a FIDE id of a
    participant, else a pairing number); an empty rating removes the one set for that round."""
    people = list(Participant.objects.filter(tournament=tournament))
    by_fide = {p.fide_id: p.pk for p in people if p.fide_id}
    by_number = {str(p.pairing_number): p.pk for p in people if p.pairing_number}
    ratings: dict[int, int | None] = {}
    problems = []
    for line_number, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        cells = [cell.strip() for cell in row]
        if not any(cells):
            continue
        key = cells[0]
        rating_text = cells[1] if len(cells) > 1 else ""
        pk = by_fide.get(key) or by_number.get(key)
        if pk is None:
            if line_number == 1 and not key.isdigit():
                continue  # a header row
            problems.append(
                gettext("Line %(line)s: no participant has FIDE id or pairing number %(key)s.")
                % {"line": line_number, "key": key}
            )
            continue
        if not rating_text:
            ratings[pk] = None
        elif rating_text.isdigit() and int(rating_text) <= MAX_RATING:
            ratings[pk] = int(rating_text)
        else:
            problems.append(
                gettext("Line %(line)s: %(rating)s is not a rating from 0 to 3500.")
                % {"line": line_number, "rating": rating_text}
            )
    if problems:
        raise ValidationFailed(" ".join(problems[:10]))
    return later_ratings_set(tournament=tournament, user=user, from_round=from_round, ratings=ratings)


def later_ratings_from_fide_list(*, tournament: Tournament, user: Any, from_round: int) -> int:
    """The standard rating in the FIDE list loaded here, from ``from_round``, for every participant
    with a FIDE id found in it (the others keep what they had)."""
    people = {
        int(p.fide_id): p.pk
        for p in Participant.objects.filter(tournament=tournament).exclude(fide_id="")
        if p.fide_id.isascii() and p.fide_id.isdigit()
    }
    listed = RatedPlayer.objects.filter(fide_id__in=list(people), standard_rating__isnull=False)
    ratings: dict[int, int | None] = {
        people[fide_id]: rating for fide_id, rating in listed.values_list("fide_id", "standard_rating")
    }
    return later_ratings_set(tournament=tournament, user=user, from_round=from_round, ratings=ratings)
