"""Staff pages about the public link: show it with its QR code, and regenerate it."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from core.errors import NotAllowedError, ServiceError
from core.site import absolute_url
from tournaments.models import Tournament
from tournaments.permissions import ORGANISE, VIEW, can_change, staff_tournament
from tournaments.public.links import public_token_regenerate


@require_GET
@staff_tournament(VIEW)
def share(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The link to hand out, its QR code to print or put on a screen, and (organisers) the revoke button."""
    path = reverse("public:pairings", args=[tournament.public_token])
    context = {
        "tournament": tournament,
        "public_url": absolute_url(request, path),
        "qr_url": reverse("public:qr", args=[tournament.public_token]),
        "display_url": reverse("public:display", args=[tournament.public_token]),
        "can_regenerate": can_change(request.user, tournament, ORGANISE),
    }
    return render(request, "public/share.html", context)


@require_POST
@staff_tournament(ORGANISE)
def regenerate(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    try:
        public_token_regenerate(tournament=tournament, user=request.user)
    except NotAllowedError as exc:
        raise PermissionDenied(exc.message) from exc
    except ServiceError as exc:  # e.g. the tournament is archived
        messages.error(request, exc.message)
        return redirect("public:share", tournament_id=tournament.pk)
    messages.success(
        request, gettext("The public link has changed. The old link and its QR code no longer work.")
    )
    return redirect("public:share", tournament_id=tournament.pk)
