"""A prize list, a section's or (pooling its sections' standings) a whole event's: its rules (sharing, one prize per player, rounding unit), its groups in
priority order, each group's prizes by place, and the players flagged for a women's prize (the
participant has no sex field; the organiser ticks who may enter that group)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Participant, Tournament


class PrizeList(models.Model):
    class Sharing(models.TextChoices):
        TIEBREAK = "tiebreak", _("Tie-breaks decide (no sharing)")
        EQUAL = "equal", _("Equal shares among players level on points")
        HORT = "hort", _("Hort system: half by place, half shared equally")

    class Precedence(models.TextChoices):
        VALUE = "value", _("The higher-valued prize")
        PRIORITY = "priority", _("The group listed first")

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="prize_list", null=True, blank=True
    )
    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="prize_list", null=True, blank=True
    )
    """Set instead of ``tournament`` for a list of the whole event (its sections' standings pooled)."""
    sharing = models.CharField(max_length=10, choices=Sharing.choices, default=Sharing.HORT)
    precedence = models.CharField(max_length=10, choices=Precedence.choices, default=Precedence.VALUE)
    one_prize_per_player = models.BooleanField(default=True)
    unit_cents = models.PositiveIntegerField(
        default=100, help_text=_("Shares are paid in multiples of this many cents (100: whole units).")
    )
    currency = models.CharField(max_length=3, default="EUR")
    public = models.BooleanField(default=True, help_text=_("Players see the list on the public pages."))
    notes = models.CharField(max_length=500, blank=True)
    version = models.PositiveIntegerField(default=0)
    """Moves on every change of the list: the winners' cache key."""
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(unit_cents__gt=0), name="prize_unit_positive"),
            models.CheckConstraint(
                condition=models.Q(tournament__isnull=True, event__isnull=False)
                | models.Q(tournament__isnull=False, event__isnull=True),
                name="prize_list_of_a_section_or_an_event",
            ),
        ]

    def __str__(self) -> str:
        if self.tournament_id:
            return f"Prizes of section {self.tournament_id}"
        return f"Prizes of event {self.event_id}"


class PrizeGroup(models.Model):
    class Kind(models.TextChoices):
        OVERALL = "overall", _("Overall")
        RATING = "rating", _("Rating band")
        UNRATED = "unrated", _("Unrated players")
        UNDER = "under", _("Under an age")
        SENIORS = "seniors", _("Seniors")
        WOMEN = "women", _("Women")
        CLUB = "club", _("Members of one club")
        BEST_CLUB = "best_club", _("Best club (a team prize)")

    prize_list = models.ForeignKey(PrizeList, on_delete=models.CASCADE, related_name="groups")
    order = models.PositiveSmallIntegerField(default=1)
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.OVERALL)
    rating_min = models.PositiveSmallIntegerField(null=True, blank=True)
    rating_below = models.PositiveSmallIntegerField(null=True, blank=True)
    include_unrated = models.BooleanField(default=False)
    age = models.PositiveSmallIntegerField(null=True, blank=True)
    club_name = models.CharField(max_length=100, blank=True)
    club_count = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Best club: how many of each club's best players count.")
    )

    class Meta:
        ordering = ["order", "pk"]

    def __str__(self) -> str:
        return self.name


class Prize(models.Model):
    group = models.ForeignKey(PrizeGroup, on_delete=models.CASCADE, related_name="prizes")
    place = models.PositiveSmallIntegerField()
    cents = models.PositiveIntegerField(default=0)
    item = models.CharField(max_length=100, blank=True)
    item_cents = models.PositiveIntegerField(default=0)
    """What the object is worth, for "the higher-valued prize wins" only (never paid)."""

    class Meta:
        ordering = ["place"]
        constraints = [models.UniqueConstraint(fields=["group", "place"], name="one_prize_per_place")]

    def __str__(self) -> str:
        return f"{self.group_id} #{self.place}"


class PrizeEligibility(models.Model):
    """A participant flagged by the organiser for the women's prizes."""

    participant = models.OneToOneField(
        Participant, on_delete=models.CASCADE, related_name="prize_eligibility"
    )
    women = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.participant_id}: women {self.women}"
