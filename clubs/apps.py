from django.apps import AppConfig


class ClubsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"

    def ready(self) -> None:
        # Sign-up (accounts, a lower layer) asks the clubs' invitations whether a token is valid
        # through this registration, never by importing the clubs app.
        from accounts.invitations import invitation_check_register
        from clubs.selectors import signup_invitation_for_token

        invitation_check_register(signup_invitation_for_token)
