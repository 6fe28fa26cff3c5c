from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from tournaments.auth_views import RateLimitedLoginView

urlpatterns = [
    # The back office logs in through the same rate-limited page (it checks is_staff itself).
    path(
        "admin/login/",
        RedirectView.as_view(url="/accounts/login/", query_string=True),
        name="admin-login",
    ),
    path("admin/", admin.site.urls),
    # Before the stock auth URLs so that logging in goes through the rate limit.
    path("accounts/login/", RateLimitedLoginView.as_view(), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include("tournaments.api.urls")),
    path("p/", include("tournaments.urls_public")),
    path("clubs/", include("clubs.urls")),
    path("ratings/", include("ratings.urls")),
    path("", include("tournaments.urls")),
]
