"""Team competitions: the competition (a team section of an event), teams with their players in board
order, rounds, matches, board games and lineups. Fields and constraints only; the rules live in
``teams.services`` and the engine (``pairing.engine.teams``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, new_public_token


class TeamCompetition(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", _("Team Swiss (FIDE C.04.6)")
        ROUND_ROBIN = "round_robin", _("Team round robin (Berger tables)")

    class Scoring(models.TextChoices):
        TWO = "2-1-0", _("2 / 1 / 0 match points")
        THREE = "3-1-0", _("3 / 1 / 0 match points")

    class ColourType(models.TextChoices):
        A = "A", _("Type A (simple colour preferences)")
        B = "B", _("Type B (strong and mild preferences)")
        NONE = "none", _("No colour preferences")

    class Primary(models.TextChoices):
        MATCH = "MP", _("Match points")
        GAME = "GP", _("Game points")

    class Acceleration(models.TextChoices):
        NONE = "none", _("None")
        BAKU = "baku", _("Baku (FIDE C.04.7)")

    SETTING_FIELDS = (
        "name",
        "format",
        "boards",
        "rounds",
        "scoring",
        "primary",
        "colour_type",
        "acceleration",
        "tiebreaks",
        "max_jump",
    )
    """What the organiser sets (the settings form, the JSON backup, the API's competition): one list."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="team_competitions")
    name = models.CharField(_("name"), max_length=150)
    format = models.CharField(_("format"), max_length=12, choices=Format.choices, default=Format.SWISS)
    boards = models.PositiveSmallIntegerField(_("boards per match"), default=4)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=5)
    scoring = models.CharField(_("match points"), max_length=5, choices=Scoring.choices, default=Scoring.TWO)
    primary = models.CharField(
        _("primary score"), max_length=2, choices=Primary.choices, default=Primary.MATCH
    )
    colour_type = models.CharField(
        _("colour preferences"), max_length=4, choices=ColourType.choices, default=ColourType.A
    )
    acceleration = models.CharField(
        _("Acceleration"),
        max_length=8,
        choices=Acceleration.choices,
        default=Acceleration.NONE,
        help_text=_(
            "Baku (FIDE C.04.7): in the first half of the rounds the top half of the teams get virtual "
            "match points for the pairing only, never in the standings. Needs 2 / 1 / 0 match points "
            "and match points as the primary score."
        ),
    )
    """A team Swiss only; C.04.7 Art. 1.1 (a win worth two draws) and 1.4.4 (not with game points
    primary) are checked by the settings form and kept by the constraint below."""
    tiebreaks = models.CharField(_("tie-breaks"), max_length=100, default="EMGSB,BH,DE")
    max_jump = models.PositiveSmallIntegerField(
        _("board-order freedom"),
        default=0,
        help_text=_(
            "How many team-mates listed ahead of a player the player may be placed above (0: strict order)."
        ),
    )
    public_token = models.CharField(max_length=64, unique=True, default=new_public_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(boards__gte=1, boards__lte=20), name="team_boards_1_to_20"),
            models.CheckConstraint(condition=Q(rounds__gte=1), name="team_rounds_at_least_1"),
            models.CheckConstraint(
                condition=Q(acceleration="none") | Q(scoring="2-1-0", primary="MP"),
                name="team_baku_needs_2_1_0_match_points_primary",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    competition = models.ForeignKey(TeamCompetition, on_delete=models.CASCADE, related_name="teams")
    tpn = models.PositiveSmallIntegerField(_("team pairing number"))
    name = models.CharField(_("name"), max_length=100)
    club = models.CharField(_("club"), max_length=100, blank=True)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    """Not paired from the next round on (a team Swiss); its results so far stay."""
    captain_token_hash = models.CharField(max_length=64, blank=True, db_index=True)
    """SHA-256 of the captain's lineup link (empty: no link issued); the token itself is never stored."""

    class Meta:
        ordering = ["competition", "tpn"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "tpn"], name="one_tpn_per_team"),
            models.UniqueConstraint(fields=["competition", "name"], name="one_team_name_per_competition"),
        ]

    def __str__(self) -> str:
        return self.name


class TeamPlayer(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players")
    order = models.PositiveSmallIntegerField(_("board order"))
    """1 is the top board; players after the competition's boards are the reserves."""
    name = models.CharField(_("name"), max_length=100)
    rating = models.PositiveSmallIntegerField(_("rating"), default=0)
    fide_id = models.CharField(_("FIDE id"), max_length=12, blank=True)

    class Meta:
        ordering = ["team", "order"]
        constraints = [models.UniqueConstraint(fields=["team", "order"], name="one_player_per_board_order")]

    def __str__(self) -> str:
        return self.name


class TeamRound(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")

    competition = models.ForeignKey(TeamCompetition, on_delete=models.CASCADE, related_name="team_rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    bye_team = models.ForeignKey(Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    """The team given the pairing-allocated bye (worth a drawn match, C.04.6 Art. 1.4)."""
    explanation = models.TextField(blank=True)
    lineup_deadline = models.DateTimeField(_("lineup deadline"), null=True, blank=True)
    """Captains' links set the lineup until then (the arbiter can change it later); empty: no deadline."""

    class Meta:
        ordering = ["competition", "number"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "number"], name="one_team_round_number")
        ]

    def __str__(self) -> str:
        return f"{self.competition} R{self.number}"


class Match(models.Model):
    class Forfeit(models.TextChoices):
        NONE = "", _("No")
        HOME = "+-", _("Home team wins by forfeit")
        AWAY = "-+", _("Away team wins by forfeit")
        BOTH = "--", _("Both teams forfeit")

    round = models.ForeignKey(TeamRound, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveSmallIntegerField()
    home = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    """The team whose board-1 player has White (C.04.6 Art. 1.6.1)."""
    away = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    forfeit = models.CharField(max_length=2, choices=Forfeit.choices, default=Forfeit.NONE, blank=True)
    colour_rule = models.CharField(max_length=60, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_match_number_per_round"),
            models.CheckConstraint(condition=~Q(home=F("away")), name="home_is_not_away"),
        ]

    def __str__(self) -> str:
        return f"{self.home} - {self.away}"


class BoardGame(models.Model):
    class Result(models.TextChoices):
        NONE = "", _("No result")
        WHITE = "1-0", "1-0"
        DRAW = "1/2", "½-½"
        BLACK = "0-1", "0-1"
        WHITE_FORFEIT = "+-", _("+ - (forfeit)")
        BLACK_FORFEIT = "-+", _("- + (forfeit)")
        DOUBLE_FORFEIT = "--", _("- - (double forfeit)")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="boards")
    board = models.PositiveSmallIntegerField()
    home_white = models.BooleanField()
    """Whether the home team's player has White on this board (alternating from board 1, record 352)."""
    home_player = models.ForeignKey(
        TeamPlayer, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    away_player = models.ForeignKey(
        TeamPlayer, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    result = models.CharField(max_length=3, choices=Result.choices, default=Result.NONE, blank=True)
    """From White's side, as on a score sheet."""
    version = models.PositiveIntegerField(default=0)
    """Optimistic lock (the API's result entry): every change of the result, or of the whole match's
    forfeit, bumps it; a change sent with an older version is refused."""

    class Meta:
        ordering = ["match", "board"]
        constraints = [models.UniqueConstraint(fields=["match", "board"], name="one_game_per_board")]

    def __str__(self) -> str:
        return f"{self.match} board {self.board}"


class Lineup(models.Model):
    """Who plays for a team in a round, board 1 first (no row: the team's board order)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups")
    round = models.ForeignKey(TeamRound, on_delete=models.CASCADE, related_name="lineups")
    player_ids = models.JSONField(default=list)
    set_by_captain = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["team", "round"], name="one_lineup_per_team_and_round")
        ]

    def __str__(self) -> str:
        return f"{self.team} R{self.round.number}"
