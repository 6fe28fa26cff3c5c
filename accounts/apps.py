from django.apps import AppConfig


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from accounts.language import remember_profile_language

        # Framework wiring: a new session starts in the profile's language.
        user_logged_in.connect(remember_profile_language, dispatch_uid="accounts.profile_language")
