"""The back office shows memberships and invitations but cannot change them: the last-owner and
single-use rules live in the services, and the admin would go around them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import Membership

pytestmark = pytest.mark.django_db


def test_the_admin_cannot_demote_the_last_owner(client, cast, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", password="root-pass-1"))
    owner = Membership.objects.get(club=cast.club, user=cast.owner)
    url = reverse("admin:clubs_membership_change", args=[owner.pk])
    assert client.get(url).status_code == 200  # may look
    response = client.post(url, {"club": cast.club.pk, "user": cast.owner.pk, "role": "arbiter"})
    assert response.status_code == 403
    assert (
        client.post(reverse("admin:clubs_membership_delete", args=[owner.pk]), {"post": "yes"}).status_code
        == 403
    )
    owner.refresh_from_db()
    assert owner.role == Membership.Role.OWNER
    assert client.get(reverse("admin:clubs_invitation_changelist")).status_code == 200
