"""Public pages, reached through a tournament's unguessable token. Nobody logs in to watch."""

from django.urls import path  # noqa: F401

app_name = "public"

urlpatterns: list = []
