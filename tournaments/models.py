"""Tournament data. Fields, constraints and tiny properties only: the rules live in services.

Scores are stored in half-points (a standard win is 2), exactly as the engine uses them.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _


def new_public_token() -> str:
    """An unguessable token for the tournament's public link (about 190 bits)."""
    return secrets.token_urlsafe(24)


def new_seed() -> int:
    return secrets.randbelow(2**31)


class Event(models.Model):
    """What a club runs under one name, one venue and one public link: one or more sections.

    Each section is a full tournament (``Tournament.event``) with its own format, rounds, pairing,
    tie-breaks and standings. A tournament created on its own reads as an event of one section:
    ``Tournament.save`` makes that event when none is given.

    Staff: ``EventRole`` organisers and chief arbiters act on every section; a deputy arbiter is
    a plain ``TournamentRole`` arbiter of the sections they were given, and acts only there.
    """

    club = models.ForeignKey(
        "clubs.Club", on_delete=models.SET_NULL, null=True, blank=True, related_name="events"
    )
    name = models.CharField(max_length=150)
    place = models.CharField(max_length=150, blank=True)
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    public_token = models.CharField(max_length=64, unique=True, default=new_public_token)
    one_section_per_player = models.BooleanField(
        default=True, help_text=_("Refuse a player already entered in another section of the event.")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class EventRole(models.Model):
    """A role over every section of an event: organisers, and the chief arbiter (``arbiter``)."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Organiser")
        ARBITER = "arbiter", _("Chief arbiter")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles")
    role = models.CharField(max_length=10, choices=Role.choices)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="one_role_per_user_and_event")]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.event}"


class Tournament(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", _("Swiss (FIDE Dutch)")
        ROUND_ROBIN = "round_robin", _("Round robin (FIDE Berger)")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Acceleration(models.TextChoices):
        NONE = "none", _("None")
        BAKU = "baku", _("Baku (FIDE C.04.7)")

    class UnplayedRule(models.TextChoices):
        VIRTUAL_OPPONENT = "virtual-opponent", _("Virtual opponent (default)")
        FIDE_2024 = "fide-2024", _("FIDE C.07 (2024 edition)")
        FIDE_2026 = "fide-2026", _("FIDE C.07 (2026 edition)")

    class Colour(models.TextChoices):
        WHITE = "w", _("White")
        BLACK = "b", _("Black")

    class LateEntryPoints(models.TextChoices):
        ZERO = "zero", _("Zero for each missed round")
        HALF = "half", _("Half a point for each missed round")

    class PairingNumbers(models.TextChoices):
        RATING = "rating", _("By rating, title and name")
        LOT = "lot", _("Drawn by lot (round robin)")

    class RatingBasis(models.TextChoices):
        FIRST = "first", _("The first rating (FIDE C.07 Art. 10)")
        ROUND = "round", _("The rating valid in each round")
        CHOSEN = "chosen", _("The rating valid from a chosen round")

    class WithdrawalGames(models.TextChoices):
        FORFEIT = "forfeit", _("Remaining games are forfeits")
        UNPLAYED = "unplayed", _("Remaining games are not played")

    club = models.ForeignKey(
        "clubs.Club", on_delete=models.PROTECT, related_name="tournaments", null=True, blank=True
    )
    """The club whose staff (``clubs.Membership``) hold roles here too (``tournaments.permissions``)."""
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    section_order = models.PositiveSmallIntegerField(default=1)
    band_min_rating = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("The event's desk suggests this section from this rating.")
    )
    band_max_rating = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("The event's desk suggests this section below this rating.")
    )
    max_age = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("A junior section: players at most this old in the event's year.")
    )
    name = models.CharField(max_length=150)
    place = models.CharField(max_length=150, blank=True)
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    format = models.CharField(max_length=16, choices=Format.choices, default=Format.SWISS)
    double_round_robin = models.BooleanField(default=False)
    rounds_planned = models.PositiveSmallIntegerField(default=5)
    win_points = models.PositiveSmallIntegerField(default=2, help_text=_("Half-points for a win."))
    draw_points = models.PositiveSmallIntegerField(default=1, help_text=_("Half-points for a draw."))
    loss_points = models.PositiveSmallIntegerField(default=0, help_text=_("Half-points for a loss."))
    bye_points = models.PositiveSmallIntegerField(
        default=2, help_text=_("Half-points for the pairing-allocated bye.")
    )
    late_entry_points = models.CharField(
        max_length=8, choices=LateEntryPoints.choices, default=LateEntryPoints.ZERO
    )
    acceleration = models.CharField(max_length=8, choices=Acceleration.choices, default=Acceleration.NONE)
    tiebreaks = models.CharField(max_length=200, default="DE,BH-C1,BH,SB,WIN")
    """Comma-separated tie-break codes in order (see pairing.engine.tiebreaks)."""
    unrated_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    """The rating an unrated opponent counts with in ARO and TPR (C.07 Art. 10: announced before the
    start, so frozen with the other settings once round 1 is paired); empty: left out."""
    long_tournament = models.BooleanField(default=False)
    """The tournament lasts more than 30 days (FIDE's endorsement checklist, Q210-216): a player may
    hold a rating per rating list (``ParticipantRating``), and rating tie-breaks are not advised."""
    rating_basis = models.CharField(max_length=8, choices=RatingBasis.choices, default=RatingBasis.FIRST)
    """Which of a player's ratings the rating tie-breaks (ARO, TPR) count in a long tournament:
    the first one (C.07 Art. 10's default), the one valid in each round, or the one valid from
    ``rating_basis_round``. Announced before the start, so frozen once round 1 is paired."""
    rating_basis_round = models.PositiveSmallIntegerField(null=True, blank=True)
    """With ``rating_basis`` "chosen": the round whose valid ratings count."""
    unplayed_rule = models.CharField(
        max_length=20, choices=UnplayedRule.choices, default=UnplayedRule.VIRTUAL_OPPONENT
    )
    initial_colour = models.CharField(max_length=1, choices=Colour.choices, default=Colour.WHITE)
    lots_seed = models.BigIntegerField(default=new_seed)
    """Seed for every drawing of lots (initial colour, pairing numbers, tie lots): recorded, reproducible."""
    pairing_numbers = models.CharField(
        max_length=8, choices=PairingNumbers.choices, default=PairingNumbers.RATING
    )
    max_half_byes = models.PositiveSmallIntegerField(
        default=2, help_text=_("Requested half-point byes per participant.")
    )
    no_byes_in_last_rounds = models.PositiveSmallIntegerField(
        default=1, help_text=_("No requested byes in the last N rounds.")
    )
    withdrawal_games = models.CharField(
        max_length=8, choices=WithdrawalGames.choices, default=WithdrawalGames.FORFEIT
    )
    baku_last_ga = models.ForeignKey(
        "Participant",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("The last participant of group GA, frozen when round 1 is paired (C.04.7 1.3.2)."),
    )
    fide_mode = models.BooleanField(
        default=True,
        help_text="FIDE-rated play (Handbook C.02): only the previous round's results may change; leaving it is final.",
    )
    fide_mode_left_at = models.DateTimeField(null=True, blank=True)
    show_rating_changes = models.BooleanField(
        default=True, help_text="Show each player's estimated rating change on the public pages."
    )
    fide_mode_left_reason = models.CharField(max_length=300, blank=True)
    language = models.CharField(max_length=8, blank=True)
    """The language of the tournament's PDFs and mails to players: a code from
    ``settings.LANGUAGES``, or empty for ``settings.LANGUAGE_CODE``."""
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    public_token = models.CharField(max_length=64, unique=True, default=new_public_token)
    version = models.PositiveIntegerField(default=0)
    """Bumped on every change that a public page shows; public caches key on it."""
    standings_version = models.PositiveIntegerField(default=0)
    """The ``version`` of the last change the standings show: every change except a result entered
    in a round that is still being played (standings are those after the last complete round)."""
    archived_at = models.DateTimeField(null=True, blank=True)
    """Set when an organiser archives the tournament: it leaves the home page's list (shown under
    "Archived"); its public link keeps working."""
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=Q(rounds_planned__gte=1), name="tournament_has_rounds"),
            models.CheckConstraint(condition=Q(win_points__gt=F("loss_points")), name="win_beats_loss"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: object, **kwargs: object) -> None:
        # A tournament made on its own (old forms, imports, restores, the back office) is an event
        # of one section: the invariant every section has an event is kept here, not by callers.
        if self.event_id is None:
            self.event = Event.objects.create(
                club_id=self.club_id,
                name=self.name,
                place=self.place,
                start_date=self.start_date,
                end_date=self.end_date,
                created_by_id=self.created_by_id,
            )
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    @property
    def tiebreak_codes(self) -> list[str]:
        return [code for code in self.tiebreaks.split(",") if code]


class TournamentRole(models.Model):
    """Who may write to a tournament. Organisers may do everything; arbiters pair and enter results."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Organiser")
        ARBITER = "arbiter", _("Arbiter")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_roles"
    )
    role = models.CharField(max_length=10, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_role_per_user_and_tournament")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.tournament}"


class Participant(models.Model):
    class Title(models.TextChoices):
        NONE = "", "—"
        GM = "GM", "GM"
        IM = "IM", "IM"
        WGM = "WGM", _("WGM")
        FM = "FM", "FM"
        WIM = "WIM", _("WIM")
        CM = "CM", "CM"
        WFM = "WFM", _("WFM")
        WCM = "WCM", _("WCM")

    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        EXPELLED = "expelled", _("Expelled")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="participants")
    name = models.CharField(max_length=100)
    rating = models.PositiveSmallIntegerField(default=0)
    title = models.CharField(max_length=3, choices=Title.choices, default=Title.NONE, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    fide_id = models.CharField(max_length=12, blank=True)
    club_name = models.CharField(max_length=100, blank=True)
    birth_year = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("For junior sections and age prizes; never shown on public pages.")
    )
    email = models.EmailField(blank=True, help_text=_("Private: never shown on public pages."))
    pairing_number = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    joined_round = models.PositiveSmallIntegerField(
        default=1, help_text=_("First round the participant can be paired in.")
    )
    withdrawn_from_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("First round missed after withdrawing.")
    )
    half_byes_barred = models.BooleanField(
        default=False,
        help_text=_("The arbiter bars this player from requested half-point byes (FIDE checklist Q171-176)."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    # The one home of the participant column lists (forms, CSV, backups, the API, public pages).
    ENTRY_FIELDS = ("name", "rating", "title", "federation", "fide_id", "club_name")
    """What the registration desk types in, in the order a CSV row without a header gives them."""
    EDITABLE_FIELDS = (*ENTRY_FIELDS, "email", "birth_year", "half_byes_barred")
    """Everything an arbiter may set or change on a participant directly."""
    STATE_FIELDS = ("status", "joined_round", "withdrawn_from_round")
    """Set by services (withdrawals, late entry), never typed in."""
    RECORD_FIELDS = ("pairing_number", *EDITABLE_FIELDS, *STATE_FIELDS)
    """The whole participant as staff exports (CSV, backup, API) carry it."""
    PUBLIC_FIELDS = ("pairing_number", "name", "rating", "title", "federation", "club_name", *STATE_FIELDS)
    """What anonymous readers may see: ``email`` and ``fide_id`` are deliberately absent."""

    class Meta:
        ordering = ["pairing_number", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "pairing_number"], name="unique_pairing_number"),
            models.CheckConstraint(condition=Q(joined_round__gte=1), name="joined_round_positive"),
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    class Status(models.TextChoices):
        PAIRING = "pairing", _("Being paired")
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        FINISHED = "finished", _("Finished")
        FAILED = "failed", _("Pairing failed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PAIRING)
    explanation = models.JSONField(default=dict, blank=True)
    """The engine's account of how it paired the round (pairing.engine.types.Explanation)."""
    violations = models.JSONField(default=list, blank=True)
    """Rules the least-bad pairing had to break, in plain words; empty for ordinary rounds."""
    task_id = models.CharField(max_length=64, blank=True)
    """The Celery task id of the current pairing claim; only that task may pair the round."""
    claimed_at = models.DateTimeField(null=True, blank=True)
    """When the round was last claimed for pairing: the stale-claim rule measures from here."""
    error = models.TextField(blank=True)
    """Why the last pairing attempt failed (status ``failed``); the round can be paired again."""
    scores_paired_on = models.JSONField(default=dict, blank=True)
    """Participant id -> half-points before this round, as the pairing saw them, for players whose
    earlier result was corrected after this round was paired (services.results)."""
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class Board(models.Model):
    class Result(models.TextChoices):
        PENDING = "", "—"
        WHITE_WINS = "1-0", "1-0"
        DRAW = "1/2-1/2", "½-½"
        BLACK_WINS = "0-1", "0-1"
        WHITE_WINS_FORFEIT = "+/-", _("+/− (forfeit)")
        BLACK_WINS_FORFEIT = "-/+", _("−/+ (forfeit)")
        DOUBLE_FORFEIT = "-/-", _("−/− (double forfeit)")
        UNPLAYED = "0-0", _("Not played")
        # Unusual results an arbiter may have to give (FIDE Laws 6.9, 9.6 aside: a penalty, a
        # player with only a king against a flag fall of the other's...): one side's half point
        # against a zero. The TRF writes them as "=" against "0" (C.04.A, TRF-16 field 9).
        WHITE_HALF_BLACK_ZERO = "1/2-0", "½-0"
        WHITE_ZERO_BLACK_HALF = "0-1/2", "0-½"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="boards_as_white")
    black = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="boards_as_black")
    result = models.CharField(max_length=8, choices=Result.choices, default=Result.PENDING, blank=True)
    version = models.PositiveIntegerField(default=0)
    """Optimistic lock: every result change bumps it; an edit based on an older version is refused."""
    corrected_after_pairing = models.BooleanField(default=False)
    """The result was changed after a later round had been paired on it."""
    changed_version = models.PositiveIntegerField(default=0)
    """The tournament ``version`` its result was last entered at: the arbiters' live tables fetch
    only the rows changed since the version they show."""
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "number"]
        indexes = [
            models.Index(fields=["round", "changed_version"], name="board_changed_since"),
            # "Another board of this round still open?", asked under the tournament's lock by every
            # result entry: a look at the round's open boards only, not its 500 boards (issue 38).
            models.Index(fields=["round"], condition=Q(result=""), name="board_open_by_round"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_board_number"),
            models.UniqueConstraint(fields=["round", "white"], name="white_once_per_round"),
            models.UniqueConstraint(fields=["round", "black"], name="black_once_per_round"),
            models.CheckConstraint(condition=~Q(white=F("black")), name="white_is_not_black"),
        ]

    def __str__(self) -> str:
        return f"{self.round} board {self.number}"


class RoundBye(models.Model):
    """A round a participant does not play: the pairing-allocated bye, requested byes, absences,
    and the rounds a late entry missed. Known before pairing except for the pairing-allocated bye."""

    class Kind(models.TextChoices):
        PAIRING_ALLOCATED = "pab", _("Pairing-allocated bye")
        HALF_POINT = "half", _("Requested half-point bye")
        ZERO_POINT = "zero", _("Zero-point bye")
        FULL_POINT = "full", _("Full-point bye")
        ABSENT = "absent", _("Absent")
        LATE_ENTRY = "late", _("Missed (late entry)")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="byes")
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="byes")
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    points = models.PositiveSmallIntegerField(help_text=_("Half-points awarded, fixed when recorded."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round_number", "participant"]
        constraints = [
            models.UniqueConstraint(
                fields=["participant", "round_number"], name="one_bye_per_participant_and_round"
            ),
            models.UniqueConstraint(
                fields=["tournament", "round_number"],
                condition=Q(kind="pab"),
                name="one_pairing_allocated_bye_per_round",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant} round {self.round_number}: {self.get_kind_display()}"


class AuditLog(models.Model):
    """Append-only record of every change. Nothing in the app updates or deletes rows."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.SET_NULL, related_name="audit_log", null=True, blank=True
    )
    """Emptied, not deleted, when the tournament is deleted: the record of what was done stays."""
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=40)
    object_type = models.CharField(max_length=40)
    object_id = models.CharField(max_length=40, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["tournament", "-at"])]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.object_type} {self.object_id}"


class ForbiddenPair(models.Model):
    """Two participants the pairing must keep apart (family, same club early on, an incident),
    in rounds ``first_round``..``last_round``. TRF carries them as ``260`` (TRF-2026) or ``XXP``.

    Stored with ``first_id < second_id`` so one unordered pair has one spelling; the service
    (``services.forbidden_pairs``) checks both are of this tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="forbidden_pairs")
    first = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="+")
    first_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Empty: from the first round.")
    )
    last_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Empty: to the last round.")
    )
    reason = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "first_round", "first", "second", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(first__lt=F("second")), name="forbidden_pair_ordered"),
            models.CheckConstraint(
                condition=Q(first_round__isnull=True) | Q(first_round__gte=1),
                name="forbidden_pair_first_round_positive",
            ),
            models.CheckConstraint(
                condition=Q(first_round__isnull=True)
                | Q(last_round__isnull=True)
                | Q(first_round__lte=F("last_round")),
                name="forbidden_pair_range_not_empty",
            ),
            # NULL means "open end"; Coalesce makes two open ends equal, so one pair and range is stored once.
            models.UniqueConstraint(
                "tournament",
                "first",
                "second",
                Coalesce("first_round", 0),
                Coalesce("last_round", 0),
                name="unique_forbidden_pair_and_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first} / {self.second} ({self.rounds_display})"

    @property
    def rounds_display(self) -> str:
        # In the reader's language: shown on the participants page and in the desk's messages.
        if self.first_round is None and self.last_round is None:
            return str(_("all rounds"))
        if self.first_round is None:
            return str(_("rounds 1-%(last)s")) % {"last": self.last_round}
        if self.last_round is None:
            return str(_("from round %(first)s")) % {"first": self.first_round}
        if self.first_round == self.last_round:
            return str(_("round %(first)s")) % {"first": self.first_round}
        return str(_("rounds %(first)s-%(last)s")) % {"first": self.first_round, "last": self.last_round}

    def applies_to(self, round_number: int) -> bool:
        return (self.first_round is None or self.first_round <= round_number) and (
            self.last_round is None or round_number <= self.last_round
        )


class SubmissionKey(models.Model):
    """One create or import, however often it is submitted: the new-tournament form carries a
    random key in a hidden field, and API clients send one as the ``Idempotency-Key`` header. A
    second submission with the same user and key gets the tournament the first one made."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=64)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_tournament_per_submission")]

    def __str__(self) -> str:
        return f"{self.key} -> tournament {self.tournament_id}"


class ParticipantRating(models.Model):
    """A participant's rating from a round on, in a tournament lasting more than 30 days (a new
    rating list published while it runs; FIDE checklist Q210-216). Until the first of these the
    participant's own ``rating`` applies; the pairing always uses that one."""

    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="round_ratings")
    from_round = models.PositiveSmallIntegerField()
    rating = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["participant_id", "from_round"]
        constraints = [
            models.UniqueConstraint(fields=["participant", "from_round"], name="one_rating_per_round"),
            models.CheckConstraint(condition=Q(from_round__gte=2), name="later_rating_from_round_2"),
        ]

    def __str__(self) -> str:
        return f"{self.participant}: {self.rating} from round {self.from_round}"


class RatingReportCorrection(models.Model):
    """A result corrected for the rating report only (FIDE mode): the standings and the pairings
    keep the result the round was played and paired with; the TRF export writes this one and
    names it in a ``###`` comment."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rating_corrections")
    board = models.OneToOneField(Board, on_delete=models.CASCADE, related_name="rating_correction")
    result = models.CharField(max_length=8, choices=Board.Result.choices)
    reason = models.CharField(max_length=300)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.board}: {self.result} for the rating report"
