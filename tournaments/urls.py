"""Staff pages (organisers and arbiters)."""

from django.urls import path

from tournaments.views import home

app_name = "tournaments"

urlpatterns = [
    path("", home.home, name="home"),
]
