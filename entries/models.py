"""Online entries, entry fees and check-in for an event's sections.

* ``EntrySettings`` (one per event): when the entry form is open, whether entries are accepted
  automatically, the check-in rule, the desk tablet's code (hashed), the currency.
* ``SectionEntrySettings`` (one per section): open or closed, the maximum number of players, the
  waiting list's size, the entry fee.
* ``FeeReduction``: a reduction of the fee by age or title, set by the organiser.
* ``Entry``: what a player sent through the form. Accepting it registers the player in the
  section (``tournaments.services.events.event_register``): ``participant`` is then set.
* ``Payment``: what the organiser recorded as paid (cash, bank transfer).
* ``CheckIn``: a participant said "I am here" for a round (from their link, at the desk tablet,
  or checked in by the arbiter).
* ``CheckInAbsence``: an absence the check-in step recorded before pairing, so a late check-in
  undoes exactly those (and never an absence the arbiter recorded by hand).

Amounts are integer cents.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Participant, RoundBye, Tournament


class EntrySettings(models.Model):
    class CheckInRule(models.TextChoices):
        OFF = "off", _("No check-in")
        ONCE = "once", _("Once, before a player's first round")
        EVERY = "every", _("Before every round")

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="entry_settings")
    opens_at = models.DateTimeField(null=True, blank=True, help_text=_("Empty: the form is closed."))
    closes_at = models.DateTimeField(null=True, blank=True, help_text=_("Empty: open until you close it."))
    auto_accept = models.BooleanField(
        default=False, help_text=_("Register every valid entry at once (else you accept them one by one).")
    )
    check_in = models.CharField(max_length=5, choices=CheckInRule.choices, default=CheckInRule.OFF)
    desk_code_hash = models.CharField(max_length=64, blank=True)
    """SHA-256 of the desk tablet's code with the event (``tokens.desk_code_hash``); empty: no tablet."""
    currency = models.CharField(max_length=3, default="EUR")
    acting_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    """The organiser who last saved these settings: entries accepted automatically and absences a
    player's late check-in undoes are recorded in their name (as reports' auto-accept does)."""
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Entry settings of {self.event}"


class SectionEntrySettings(models.Model):
    section = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="entry_settings")
    open = models.BooleanField(default=True, help_text=_("Takes entries while the form is open."))
    max_players = models.PositiveIntegerField(null=True, blank=True, help_text=_("Empty: no maximum."))
    max_waiting = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("Places on the waiting list once full; empty: no limit, 0: none.")
    )
    fee_cents = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"Entry settings of {self.section}"


class FeeReduction(models.Model):
    """A reduction of every section's fee for players of an age or with a title. When several
    apply, the largest one counts (reductions do not add up)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="fee_reductions")
    label = models.CharField(max_length=60)
    max_age = models.PositiveSmallIntegerField(null=True, blank=True, help_text=_("At most this old."))
    min_age = models.PositiveSmallIntegerField(null=True, blank=True, help_text=_("At least this old."))
    titles = models.CharField(max_length=60, blank=True, help_text=_("Comma-separated, e.g. GM,IM,WGM."))
    percent = models.PositiveSmallIntegerField(help_text=_("Percent off the section's fee (100: free)."))

    class Meta:
        ordering = ["event", "-percent", "id"]
        constraints = [models.CheckConstraint(condition=Q(percent__lte=100), name="reduction_at_most_100")]

    def __str__(self) -> str:
        return f"{self.label} (-{self.percent} %)"


class Entry(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for the organiser")
        WAITING = "waiting", _("On the waiting list")
        ACCEPTED = "accepted", _("Accepted")
        REFUSED = "refused", _("Refused")

    class Source(models.TextChoices):
        ROSTER = "roster", _("Club roster")
        RATING_LIST = "fide", _("FIDE rating list")
        TYPED = "typed", _("Typed in")
        DESK = "desk", _("Registered at the desk")

    LIVE = (Status.PENDING, Status.WAITING, Status.ACCEPTED)

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    section = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    source = models.CharField(max_length=6, choices=Source.choices, default=Source.TYPED)
    name = models.CharField(max_length=100)
    name_key = models.CharField(max_length=100)
    """``tournaments.text.same_name_key(name)``: one live entry per key and event."""
    rating = models.PositiveSmallIntegerField(default=0)
    title = models.CharField(max_length=3, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    fide_id = models.CharField(max_length=12, blank=True)
    club_name = models.CharField(max_length=100, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    email = models.EmailField()
    token_hash = models.CharField(max_length=64, unique=True)
    """SHA-256 of the personal link's token: the token itself is only in the confirmation mail."""
    hint = models.CharField(max_length=8)
    fee_cents = models.PositiveIntegerField(default=0)
    """What the player owes, fixed when the entry is accepted (the section's fee less a reduction)."""
    reduction = models.CharField(max_length=60, blank=True)
    participant = models.OneToOneField(
        Participant, on_delete=models.SET_NULL, null=True, blank=True, related_name="entry"
    )
    refusal = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(
                fields=["event", "fide_id"],
                condition=~Q(fide_id="") & ~Q(status="refused"),
                name="one_live_entry_per_fide_id",
            ),
            models.UniqueConstraint(
                fields=["event", "name_key"], condition=~Q(status="refused"), name="one_live_entry_per_name"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.section}"


class Payment(models.Model):
    class Method(models.TextChoices):
        CASH = "cash", _("Cash")
        TRANSFER = "transfer", _("Bank transfer")
        PROVIDER = "provider", _("Online payment")

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="payments")
    amount_cents = models.IntegerField(help_text=_("Negative for a refund."))
    method = models.CharField(max_length=8, choices=Method.choices)
    reference = models.CharField(max_length=100, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["recorded_at", "id"]
        constraints = [models.CheckConstraint(condition=~Q(amount_cents=0), name="payment_not_zero")]

    def __str__(self) -> str:
        return f"{self.amount_cents / 100:.2f} by {self.method} for {self.entry}"


class CheckIn(models.Model):
    class Via(models.TextChoices):
        LINK = "link", _("Personal link")
        DESK = "desk", _("Desk tablet")
        ARBITER = "arbiter", _("Arbiter")

    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="check_ins")
    round_number = models.PositiveSmallIntegerField()
    via = models.CharField(max_length=7, choices=Via.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round_number", "at"]
        constraints = [
            models.UniqueConstraint(fields=["participant", "round_number"], name="one_check_in_per_round")
        ]

    def __str__(self) -> str:
        return f"{self.participant} here for round {self.round_number}"


class CheckInAbsence(models.Model):
    """An absence (``RoundBye`` of kind ``absent``) recorded because the player had not checked in."""

    bye = models.OneToOneField(RoundBye, on_delete=models.CASCADE, related_name="+")
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="+")
    round_number = models.PositiveSmallIntegerField()

    def __str__(self) -> str:
        return f"{self.participant} absent in round {self.round_number} (not checked in)"
