"""The pairing app's Django configuration."""

from django.apps import AppConfig


class PairingConfig(AppConfig):
    """Wraps the pure-Python engine in ``pairing.engine`` as a service for the tournaments app."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "pairing"
