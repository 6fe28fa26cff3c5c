from __future__ import annotations

from django import forms
from django.utils.translation import gettext

from clubs.models import Membership, RosterPlayer

TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")


class ClubForm(forms.Form):
    name = forms.CharField(max_length=100, label="Club name")


class InvitationForm(forms.Form):
    email = forms.EmailField(
        required=False,
        help_text="Optional. With an address the link is mailed, and only that account can accept it.",
    )
    role = forms.ChoiceField(choices=Membership.Role.choices, initial=Membership.Role.ARBITER)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)


class RosterPlayerForm(forms.ModelForm):
    title = forms.ChoiceField(choices=[("", "—")] + [(t, t) for t in TITLES], required=False)
    rating = forms.IntegerField(min_value=0, max_value=3500, required=False)
    birth_year = forms.IntegerField(min_value=1900, max_value=2100, required=False)
    fide_id = forms.IntegerField(min_value=1, max_value=10**12 - 1, required=False, label="FIDE id")

    class Meta:
        model = RosterPlayer
        fields = [
            "name",
            "rating",
            "title",
            "federation",
            "fide_id",
            "club_name",
            "birth_year",
            "email",
            "phone",
        ]
        labels = {"club_name": "Club", "federation": "Federation"}

    def clean_federation(self) -> str:
        fed = self.cleaned_data["federation"].strip().upper()
        if fed and not (len(fed) == 3 and fed.isalpha()):
            raise forms.ValidationError(gettext("Three letters, like NED or GER."))
        return fed


class FideAddForm(forms.Form):
    fide_id = forms.IntegerField(min_value=1, max_value=10**12 - 1)


class SearchForm(forms.Form):
    q = forms.CharField(max_length=100, required=False)
