"""Creating tournaments and changing their settings.

* ``tournament_create(*, user, club=None, **fields) -> Tournament``: the creator becomes its
  organiser. The initial colour (the colour of pairing number 1 in round 1) is drawn by lot from
  ``lots_seed`` unless given. A round robin defaults to the round-robin tie-breaks and a bye
  worth nothing.
* ``tournament_update(*, tournament, user, **fields) -> Tournament``: organisers only. Once round
  1 is paired only the descriptive fields (name, place, dates) may change; everything that
  decides pairings or standings is frozen, except through an explicit action such as
  ``tiebreaks_change``.
* ``tiebreaks_change(*, tournament, user, codes, reason) -> Tournament``: organisers and
  arbiters. Before round 1 any time; after round 1 only with a written reason, recorded in the
  audit log as an arbiter decision.
* ``role_grant(*, tournament, user, username, role)`` / ``role_revoke(*, tournament, user, role_id)``:
  organisers choose the staff (a tournament always keeps one organiser).
* ``suggest_format(n_players) -> (format, rounds)``: the explainer's advice.
* ``baku_scoring_problem(win, draw, loss) -> str | None``: why Baku cannot be used, or None.

Settings are checked by ``settings_errors(values)``, which returns field -> messages.
"""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from clubs.models import Club
from core.errors import NotAllowedError, ValidationFailed
from core.fields import fields_set
from pairing.engine.baku import scoring_allows_baku
from pairing.engine.errors import PairingError
from pairing.engine.tiebreaks import ROUND_ROBIN_DEFAULT, SWISS_DEFAULT, validate_tiebreaks
from pairing.engine.types import Scoring
from tournaments.models import Event, EventRole, Tournament, TournamentRole
from tournaments.permissions import (
    can_create_in_club,
    require_arbiter,
    require_event_organiser,
    require_organiser,
)
from tournaments.selectors.rounds import round_one_paired
from tournaments.services.audit import audit_record
from tournaments.services.locks import tournament_lock
from tournaments.services.versions import tournament_changed
from tournaments.text import TextProblem, clean_line

SETTING_FIELDS = (
    "name",
    "place",
    "start_date",
    "end_date",
    "format",
    "double_round_robin",
    "rounds_planned",
    "win_points",
    "draw_points",
    "loss_points",
    "bye_points",
    "late_entry_points",
    "acceleration",
    "tiebreaks",
    "unrated_rating",
    "long_tournament",
    "rating_basis",
    "rating_basis_round",
    "unplayed_rule",
    "initial_colour",
    "lots_seed",
    "pairing_numbers",
    "max_half_byes",
    "no_byes_in_last_rounds",
    "withdrawal_games",
    "language",
)
CLEARABLE_FIELDS = frozenset({"unrated_rating", "rating_basis_round"})
"""Settings whose empty value (``None``) means something, so an explicit ``None`` clears them."""
MAX_ROUNDS = 99
"""As the form and the API allow."""
DESCRIPTIVE_FIELDS = ("name", "place", "start_date", "end_date", "language")
SECTION_FIELDS = ("band_min_rating", "band_max_rating", "max_age")
"""A section's place in its event: the rating band and age limit the desk suggests it by."""
"""What an organiser may still change after round 1 has been paired."""


def suggest_format(n_players: int) -> tuple[str, int]:
    """The explainer's advice for a field of ``n_players``.

    Ten or fewer: a round robin, with one round fewer than players (as many rounds as players when
    the field is odd, since one sits out each round). More: a Swiss with 5 rounds for 5-8, 6 for
    9-16, 7 for 17-32, 8 for 33-64, 9 for 65-128 and one more per further doubling.
    """
    if n_players < 2:
        return Tournament.Format.ROUND_ROBIN, 1
    if n_players <= 10:
        return Tournament.Format.ROUND_ROBIN, n_players if n_players % 2 else n_players - 1
    rounds, capacity = 5, 8
    while n_players > capacity:
        rounds += 1
        capacity *= 2
    return Tournament.Format.SWISS, rounds


def baku_scoring_problem(win: int, draw: int, loss: int) -> str | None:
    """The engine decides (C.04.7 1.1); this only words its refusal for the settings form."""
    if scoring_allows_baku(Scoring(win=win, draw=draw, loss=loss)):
        return None
    return (
        "Baku acceleration needs a win worth exactly two draws and a loss worth nothing "
        f"(FIDE C.04.7 1.1); this tournament scores {win / 2:g}/{draw / 2:g}/{loss / 2:g}. "
        "Choose no acceleration or standard scoring."
    )


def _codes(value: Any) -> list[str]:
    if isinstance(value, str):
        return [c.strip() for c in value.split(",") if c.strip()]
    return [str(c).strip() for c in value if str(c).strip()]


def settings_errors(values: dict[str, Any]) -> dict[str, list[str]]:
    """Field -> messages for a complete set of tournament settings (empty when all is well)."""
    errors: dict[str, list[str]] = {}

    def add(field: str, message: str) -> None:
        errors.setdefault(field, []).append(message)

    if not str(values.get("name", "")).strip():
        add("name", "Give the tournament a name.")
    if values["rounds_planned"] < 1:
        add("rounds_planned", "A tournament needs at least one round.")
    elif values["rounds_planned"] > MAX_ROUNDS:
        add("rounds_planned", f"A tournament has at most {MAX_ROUNDS} rounds.")
    win, draw, loss = values["win_points"], values["draw_points"], values["loss_points"]
    if not loss <= draw <= win or win == loss:
        add("draw_points", "Points must satisfy loss <= draw <= win, with a win worth more than a loss.")
    if values["bye_points"] > win:
        add("bye_points", "The bye cannot be worth more than a win.")
    round_robin = values["format"] == Tournament.Format.ROUND_ROBIN
    if values["acceleration"] == Tournament.Acceleration.BAKU:
        if round_robin:
            add("acceleration", "Acceleration is for Swiss tournaments; a round robin has a fixed schedule.")
        problem = baku_scoring_problem(win, draw, loss)
        if problem:
            add("acceleration", problem)
    try:
        validate_tiebreaks(_codes(values["tiebreaks"]), round_robin=round_robin)
    except PairingError as exc:
        add("tiebreaks", str(exc)[0].upper() + str(exc)[1:] + ".")
    start, end = values.get("start_date"), values.get("end_date")
    if start and end and end < start:
        add("end_date", "The tournament cannot end before it starts.")
    basis = values.get("rating_basis", Tournament.RatingBasis.FIRST)
    basis_round = values.get("rating_basis_round")
    if basis != Tournament.RatingBasis.FIRST and not values.get("long_tournament"):
        add(
            "rating_basis",
            gettext(
                "Only a tournament lasting more than 30 days has several ratings per player; otherwise the tie-breaks count the first rating."
            ),
        )
    if basis == Tournament.RatingBasis.CHOSEN:
        if basis_round is None or not 1 <= basis_round <= values["rounds_planned"]:
            add(
                "rating_basis_round",
                gettext("Choose the round whose ratings the tie-breaks count, from 1 to %(rounds)s.")
                % {"rounds": values["rounds_planned"]},
            )
    elif basis_round is not None:
        add(
            "rating_basis_round", gettext("A round is chosen only with the rating valid from a chosen round.")
        )
    return errors


TEXT_FIELDS = {"name": "The tournament's name", "place": "The place"}
"""The settings that are typed-in text, with how messages name them."""


def clean_text_settings(fields: dict[str, Any]) -> dict[str, Any]:
    """``fields`` with its text settings cleaned (see :mod:`tournaments.text`); ``ValidationFailed``
    naming every field that cannot be stored."""
    cleaned = dict(fields)
    errors: dict[str, list[str]] = {}
    for name, label in TEXT_FIELDS.items():
        if cleaned.get(name) is None:
            continue
        try:
            cleaned[name] = clean_line(cleaned[name], label=label, max_length=150)
        except TextProblem as exc:
            errors[name] = [str(exc)]
    if errors:
        raise ValidationFailed(" ".join(m for ms in errors.values() for m in ms), errors=errors)
    return cleaned


def section_fields_errors(section: dict[str, Any]) -> list[str]:
    """What is wrong with a section's band and age limit (empty when all is well)."""
    errors = []
    for name in SECTION_FIELDS:
        value = section.get(name)
        if value is not None and (not isinstance(value, int) or not 0 <= value <= 3500):
            errors.append(
                _("%(field)s must be a whole number from 0 to 3500.") % {"field": name.replace("_", " ")}
            )
    low, high = section.get("band_min_rating"), section.get("band_max_rating")
    if not errors and low is not None and high is not None and high <= low:
        errors.append(_("The rating band's upper limit must be above its lower limit."))
    return errors


def _snapshot(tournament: Tournament) -> dict[str, Any]:
    return {name: getattr(tournament, name) for name in SETTING_FIELDS}


def tournament_create(
    *, user: Any, club: Club | None = None, event: Event | None = None, **fields: Any
) -> Tournament:
    """Create a tournament; the creator becomes its organiser.

    With ``event``, the tournament is a new section of it (event organisers only; it takes the
    event's club, and its place and dates unless given); ``SECTION_FIELDS`` (rating band, age
    limit) may be given too. Without, it is an event of one section whose organiser is the creator.

    1. Refuse unknown fields and clubs where the user is not an owner or organiser.
    2. Fill format-dependent defaults (round robin: round-robin tie-breaks, a bye worth nothing).
    3. Draw the initial colour by lot from ``lots_seed`` unless ``initial_colour`` is given.
    4. Validate every setting together; save, make the creator organiser, audit.
    """
    if not getattr(user, "is_authenticated", False):
        raise NotAllowedError(gettext("Log in to create a tournament."))
    section = {name: fields.pop(name) for name in SECTION_FIELDS if name in fields}
    unknown = set(fields) - set(SETTING_FIELDS)
    if unknown:
        raise ValidationFailed(
            gettext("Unknown tournament settings: %(sorted)s.") % {"sorted": ", ".join(sorted(unknown))}
        )
    if event is not None:
        require_event_organiser(user, event, to=_("add sections"))
        club = event.club
        for name in ("place", "start_date", "end_date"):
            if not fields.get(name):
                fields[name] = getattr(event, name)
    elif club is not None and not can_create_in_club(user, club):
        raise NotAllowedError(
            gettext("Only the owners and organisers of %(name)s can create its tournaments.")
            % {"name": club.name}
        )
    fields = clean_text_settings(fields)
    section_errors = section_fields_errors(section)
    if section_errors:
        raise ValidationFailed(" ".join(section_errors))
    tournament = Tournament(club=club, created_by=user, event=event, **section)
    if event is not None:
        last = event.sections.order_by("-section_order").values_list("section_order", flat=True).first()
        tournament.section_order = (last or 0) + 1
    if fields.get("format") == Tournament.Format.ROUND_ROBIN:
        tournament.tiebreaks = ",".join(ROUND_ROBIN_DEFAULT)
        tournament.bye_points = 0
    else:
        tournament.tiebreaks = ",".join(SWISS_DEFAULT)
    fields_set(tournament, fields, skip_none=True)
    if "tiebreaks" in fields and fields["tiebreaks"] is not None:
        tournament.tiebreaks = ",".join(c.upper() for c in _codes(fields["tiebreaks"]))
    if not fields.get("initial_colour"):
        lot = random.Random(f"{tournament.lots_seed}:initial-colour")
        tournament.initial_colour = lot.choice([Tournament.Colour.WHITE, Tournament.Colour.BLACK])
    errors = settings_errors(_snapshot(tournament))
    if errors:
        raise ValidationFailed(" ".join(m for ms in errors.values() for m in ms), errors=errors)
    with transaction.atomic():
        tournament.save()
        if event is None:
            TournamentRole.objects.create(
                tournament=tournament, user=user, role=TournamentRole.Role.ORGANISER
            )
            EventRole.objects.create(event=tournament.event, user=user, role=EventRole.Role.ORGANISER)
        audit_record(
            tournament=tournament,
            user=user,
            action="tournament_create",
            obj=tournament,
            before=None,
            after=_snapshot(tournament),
        )
    return tournament


def tournament_update(*, tournament: Tournament, user: Any, **fields: Any) -> Tournament:
    """Change settings. Organisers only; after round 1 is paired, only name, place and dates."""
    require_organiser(user, tournament, to="change its settings")
    unknown = set(fields) - set(SETTING_FIELDS)
    if unknown:
        raise ValidationFailed(
            gettext("Unknown tournament settings: %(sorted)s.") % {"sorted": ", ".join(sorted(unknown))}
        )
    fields = clean_text_settings(fields)
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        before = _snapshot(locked)
        if "tiebreaks" in fields and fields["tiebreaks"] is not None:
            fields["tiebreaks"] = ",".join(c.upper() for c in _codes(fields["tiebreaks"]))
        changed = {
            k: v for k, v in fields.items() if (v is not None or k in CLEARABLE_FIELDS) and before[k] != v
        }
        if not changed:
            return locked
        if round_one_paired(locked):
            frozen = sorted(set(changed) - set(DESCRIPTIVE_FIELDS))
            if frozen:
                raise ValidationFailed(
                    gettext(
                        "Round 1 has been paired, so these settings are frozen: %(replace)s. Tie-breaks can still be changed with a recorded reason."
                    )
                    % {"replace": ", ".join(f.replace("_", " ") for f in frozen)},
                    errors={f: ["Frozen once round 1 is paired."] for f in frozen},
                )
        fields_set(locked, changed)
        errors = settings_errors(_snapshot(locked))
        if errors:
            raise ValidationFailed(" ".join(m for ms in errors.values() for m in ms), errors=errors)
        locked.save()
        tournament_changed(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action="tournament_update",
            obj=locked,
            before={k: before[k] for k in changed},
            after={k: getattr(locked, k) for k in changed},
        )
    tournament.refresh_from_db()
    return tournament


def tiebreaks_change(*, tournament: Tournament, user: Any, codes: Any, reason: str = "") -> Tournament:
    """Change the tie-break order. After round 1 is paired this is an arbiter decision: a reason is
    required and the change is recorded as ``tiebreaks_change_after_start``."""
    require_arbiter(user, tournament, to="change the tie-breaks")
    round_robin = tournament.format == Tournament.Format.ROUND_ROBIN
    try:
        clean = validate_tiebreaks(_codes(codes), round_robin=round_robin)
    except PairingError as exc:
        raise ValidationFailed(
            str(exc)[0].upper() + str(exc)[1:] + ".", errors={"codes": [str(exc)]}
        ) from None
    if not clean:
        raise ValidationFailed(
            gettext("Choose at least one tie-break."), errors={"codes": ["Choose at least one."]}
        )
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        started = round_one_paired(locked)
        if started and not reason.strip():
            raise ValidationFailed(
                gettext(
                    "Round 1 has been paired: changing the tie-breaks now is an arbiter's decision. Write down the reason; it is recorded with the change."
                ),
                errors={"reason": ["Required once round 1 is paired."]},
            )
        before = locked.tiebreaks
        locked.tiebreaks = ",".join(clean)
        if before == locked.tiebreaks:
            return locked
        locked.save(update_fields=["tiebreaks"])
        tournament_changed(locked.pk)
        audit_record(
            tournament=locked,
            user=user,
            action="tiebreaks_change_after_start" if started else "tiebreaks_change",
            obj=locked,
            before={"tiebreaks": before},
            after={"tiebreaks": locked.tiebreaks, "reason": reason.strip()},
        )
    tournament.refresh_from_db()
    return tournament


def role_grant(*, tournament: Tournament, user: Any, username: str, role: str) -> TournamentRole:
    """Give a registered user a role in the tournament (organisers only). Changes an existing role."""
    from django.contrib.auth import get_user_model

    require_organiser(user, tournament, to="choose its staff")
    if role not in TournamentRole.Role.values:
        raise ValidationFailed(gettext("The role is either organiser or arbiter."))
    target = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if target is None:
        raise ValidationFailed(
            gettext("There is no user called %(strip)s: they need an account first.")
            % {"strip": repr(username.strip())}
        )
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        existing = TournamentRole.objects.filter(tournament=locked, user=target).first()
        before = existing.role if existing else None
        if existing and existing.role == TournamentRole.Role.ORGANISER and role != existing.role:
            _keep_an_organiser(locked, existing)
        grant, _ = TournamentRole.objects.update_or_create(
            tournament=locked, user=target, defaults={"role": role}
        )
        audit_record(
            tournament=locked,
            user=user,
            action="role_grant",
            obj=grant,
            before={"user": target.get_username(), "role": before},
            after={"user": target.get_username(), "role": role},
        )
    return grant


def _keep_an_organiser(tournament: Tournament, leaving: TournamentRole) -> None:
    others = TournamentRole.objects.filter(tournament=tournament, role=TournamentRole.Role.ORGANISER).exclude(
        pk=leaving.pk
    )
    if not others.exists():
        raise ValidationFailed(
            gettext("A tournament needs at least one organiser: name another organiser first.")
        )


def role_revoke(*, tournament: Tournament, user: Any, role_id: int) -> None:
    """Remove someone from the tournament's staff (organisers only; the last organiser stays)."""
    require_organiser(user, tournament, to="choose its staff")
    with transaction.atomic():
        locked = tournament_lock(tournament.pk)
        grant = TournamentRole.objects.select_related("user").filter(tournament=locked, pk=role_id).first()
        if grant is None:
            raise ValidationFailed(gettext("That person is not on this tournament's staff."))
        if grant.role == TournamentRole.Role.ORGANISER:
            _keep_an_organiser(locked, grant)
        audit_record(
            tournament=locked,
            user=user,
            action="role_revoke",
            obj=grant,
            before={"user": grant.user.get_username(), "role": grant.role},
            after=None,
        )
        grant.delete()
