from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include("tournaments.api.urls")),
    path("p/", include("tournaments.urls_public")),
    path("", include("tournaments.urls")),
]
