from django.apps import AppConfig


class SiteConfig(AppConfig):
    """``config`` as an app only to register the project's deployment checks."""

    name = "config"
    label = "site_config"

    def ready(self) -> None:
        from config import checks  # noqa: F401  (registers the checks)
