"""The forms of the tokens page, the login, sign-up and profile pages (Django's auth forms where
there is one)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.selectors import email_verified

LIFETIMES = [
    ("30", gettext_lazy("30 days")),
    ("90", gettext_lazy("90 days")),
    ("365", gettext_lazy("1 year")),
    ("never", gettext_lazy("Until revoked")),
]


class TokenCreateForm(forms.Form):
    name = forms.CharField(
        max_length=100,
        label=gettext_lazy("Name"),
        help_text=gettext_lazy("What will use it, e.g. “results board script”."),
        error_messages={
            "required": gettext_lazy("Give the token a name, e.g. the program that will use it.")
        },
    )
    lifetime = forms.ChoiceField(choices=LIFETIMES, initial="90", label=gettext_lazy("Lifetime"))

    def days(self) -> int | None:
        value = self.cleaned_data["lifetime"]
        return None if value == "never" else int(value)


class LoginForm(AuthenticationForm):
    """Django's login form, by user name or email, refusing an account whose address is not
    verified yet (only once the password was right, so it tells a guesser nothing)."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": gettext_lazy("Wrong user name, email or password (the password is case-sensitive)."),
        "unverified": gettext_lazy(
            "Your email address is not verified yet: open the link we mailed to it, or send the link again."
        ),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("User name or email")
        self.fields["username"].max_length = 254
        self.fields["username"].widget.attrs["maxlength"] = 254

    def confirm_login_allowed(self, user: Any) -> None:
        super().confirm_login_allowed(user)
        if not email_verified(user):
            raise ValidationError(self.error_messages["unverified"], code="unverified")

    @property
    def unverified_user(self) -> Any | None:
        """The account refused only for its unverified address (the password was right)."""
        if self.user_cache is not None and self.has_error(NON_FIELD_ERRORS, "unverified"):
            return self.user_cache
        return None


class SignupForm(UserCreationForm):
    """Django's sign-up form (password validators included) with a required address; through an
    invitation sent to an address, that address and no other (shown, not editable)."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def __init__(self, *args: Any, invited_email: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].required = True
        self.fields["email"].help_text = _("We mail a link to it: the account works once it is opened.")
        if invited_email:
            self.fields["email"].initial = invited_email
            self.fields["email"].disabled = True
            self.fields["email"].help_text = _(
                "The invitation was sent to this address: we mail the link there."
            )
        self.fields["username"].help_text = _(
            "Letters, digits and . + - _ (no @). You can log in with it or with your email."
        )

    def clean_username(self) -> str:
        username = super().clean_username()
        if "@" in username:
            raise ValidationError(_("A user name cannot contain @: your email address logs you in already."))
        return username


class ProfileForm(forms.Form):
    first_name = forms.CharField(max_length=150, required=False, label=gettext_lazy("First name"))
    last_name = forms.CharField(max_length=150, required=False, label=gettext_lazy("Last name"))
    email = forms.EmailField(
        max_length=254,
        label=gettext_lazy("Email"),
        help_text=gettext_lazy(
            "A new address counts once you open the link we mail to it; until then the current one stays."
        ),
        error_messages={
            "required": gettext_lazy("An account needs an email address: password resets go to it.")
        },
    )
