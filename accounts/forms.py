from __future__ import annotations

from django import forms

LIFETIMES = [("30", "30 days"), ("90", "90 days"), ("365", "1 year"), ("never", "Until revoked")]


class TokenCreateForm(forms.Form):
    name = forms.CharField(
        max_length=100,
        help_text="What will use it, e.g. “results board script”.",
        error_messages={"required": "Give the token a name, e.g. the program that will use it."},
    )
    lifetime = forms.ChoiceField(choices=LIFETIMES, initial="90")

    def days(self) -> int | None:
        value = self.cleaned_data["lifetime"]
        return None if value == "never" else int(value)
