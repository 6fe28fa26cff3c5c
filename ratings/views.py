"""Staff pages for rating-list imports, and the rating-list search.

Anonymous users are sent to the login page; logged-in users who are not site staff get 403 on
the import pages. The search is open to every logged-in user (clubs use it to fill rosters).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ratings import selectors
from ratings.forms import RatingListUploadForm, SearchForm
from ratings.services import RatingImportError
from ratings.uploads import rating_import_cancel, rating_import_create, rating_import_retry


def site_staff_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not (request.user.is_staff or request.user.is_superuser):
            raise PermissionDenied(gettext("Only site staff may import rating lists."))
        return view(request, *args, **kwargs)

    return wrapper


def _partial(request: HttpRequest, template: str, name: str) -> str:
    return f"{template}#{name}" if getattr(request, "htmx", False) else template


@require_http_methods(["GET", "POST"])
@site_staff_required
def imports(request: HttpRequest) -> HttpResponse:
    form = RatingListUploadForm(request.POST or None, request.FILES or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                job = rating_import_create(uploaded=form.cleaned_data["file"], user=request.user)
            except RatingImportError as exc:
                form.add_error("file", str(exc))
            else:
                messages.success(
                    request,
                    gettext("%(original_name)s uploaded: %(rows_total)s lines to import.")
                    % {"original_name": job.original_name, "rows_total": job.rows_total},
                )
                return redirect("ratings:import_detail", import_id=job.pk)
        status = 400
    context = {
        "form": form,
        "imports": selectors.rating_import_list(),
        "players": selectors.rated_player_count(),
    }
    return render(request, "ratings/imports.html", context, status=status)


@require_GET
@site_staff_required
def import_detail(request: HttpRequest, import_id: int) -> HttpResponse:
    job = selectors.rating_import_get(pk=import_id)
    template = _partial(request, "ratings/import_detail.html", "import-progress")
    return render(request, template, {"job": job, "stale_seconds": settings.RATING_IMPORT_STALE_SECONDS})


@require_POST
@site_staff_required
def import_retry(request: HttpRequest, import_id: int) -> HttpResponse:
    selectors.rating_import_get(pk=import_id)
    try:
        rating_import_retry(import_id=import_id, user=request.user)
    except RatingImportError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("The import starts again after the last line it wrote."))
    return redirect("ratings:import_detail", import_id=import_id)


@require_POST
@site_staff_required
def import_cancel(request: HttpRequest, import_id: int) -> HttpResponse:
    selectors.rating_import_get(pk=import_id)
    try:
        rating_import_cancel(import_id=import_id, user=request.user)
    except RatingImportError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("The import is cancelled; the players it wrote stay."))
    return redirect("ratings:import_detail", import_id=import_id)


@require_GET
@login_required
def search(request: HttpRequest) -> HttpResponse:
    form = SearchForm(request.GET)
    query = form.cleaned_data["q"] if form.is_valid() else ""
    players = selectors.rated_player_search(query=query) if query else []
    template = _partial(request, "ratings/search.html", "rated-player-results")
    return render(request, template, {"form": form, "query": query, "players": players})
