"""The site's URL map: back office, login, the API under ``/api/``, public pages under ``/p/``, staff pages."""

from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView
from django.views.i18n import JavaScriptCatalog

from accounts import views as account_views
from config.views import favicon, language_switch, profile_language
from teams import api as team_api
from tournaments.api import urls as api_urls

urlpatterns = [
    path("favicon.ico", favicon, name="favicon"),
    path("language/", language_switch, name="language"),
    path("language/profile/", profile_language, name="profile_language"),
    # The scripts' strings in the page's language (static/js reads them through gettext()).
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    # The back office logs in through the same rate-limited page (it checks is_staff itself).
    path(
        "admin/login/",
        RedirectView.as_view(url="/accounts/login/", query_string=True),
        name="admin-login",
    ),
    path("admin/", admin.site.urls),
    # Before the stock auth URLs so that logging in goes through the rate limit, and changing or
    # resetting a password revokes the API tokens.
    path("accounts/login/", account_views.LoginView.as_view(), name="login"),
    path("accounts/password_change/", account_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password_reset/", account_views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        account_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    # The staff API and, in the same ``api`` namespace, the team competitions' (teams/api.py).
    path("api/", include((api_urls.urlpatterns + team_api.urlpatterns, api_urls.app_name))),
    path("p/", include("tournaments.public.urls")),
    path("clubs/", include("clubs.urls")),
    path("ratings/", include("ratings.urls")),
    path("", include("reports.urls")),
    path("", include("entries.urls")),
    path("", include("prizes.urls")),
    path("", include("teams.urls")),
    path("", include("tournaments.urls")),
]

# A database that cannot be reached answers 503 with Retry-After, not 500 (core.unavailable).
handler500 = "core.unavailable.server_error"
