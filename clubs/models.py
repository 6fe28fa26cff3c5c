"""Clubs, their staff (memberships and invitations) and their roster of players."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=60, unique=True, help_text=_("The club's address: /clubs/<slug>/"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", _("Owner")
        ORGANISER = "organiser", _("Organiser")
        ARBITER = "arbiter", _("Arbiter")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club_and_user")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.club}"


class Invitation(models.Model):
    """A single-use link to join a club. Only the SHA-256 of the token is stored."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")
        REVOKED = "revoked", _("Revoked")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=10, choices=Membership.Role.choices)
    email = models.EmailField(
        blank=True, help_text=_("When given, only the account with this address may accept.")
    )
    token_hash = models.CharField(max_length=64, unique=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    responded_at = models.DateTimeField(null=True, blank=True)
    responded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.role} invitation to {self.club} ({self.status})"

    @property
    def expired(self) -> bool:
        return self.expires_at <= timezone.now()

    @property
    def usable(self) -> bool:
        return self.status == self.Status.PENDING and not self.expired


class RosterPlayer(models.Model):
    """A player the club enters in its tournaments. Contact details are for club staff only."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="roster")
    name = models.CharField(max_length=100)
    search_key = models.CharField(max_length=100, db_index=True, editable=False)
    rating = models.PositiveSmallIntegerField(null=True, blank=True)
    title = models.CharField(max_length=3, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    fide_id = models.PositiveBigIntegerField(null=True, blank=True)
    club_name = models.CharField(max_length=100, blank=True, help_text=_("The club the player plays for."))
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=30, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["search_key", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "fide_id"],
                condition=Q(fide_id__isnull=False),
                name="roster_fide_id_once_per_club",
            )
        ]

    def __str__(self) -> str:
        return self.name
