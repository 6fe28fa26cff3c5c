from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import Membership, RosterPlayer

TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")


class ClubForm(forms.Form):
    name = forms.CharField(max_length=100, label=_("Club name"))


class InvitationForm(forms.Form):
    email = forms.EmailField(
        required=False,
        label=_("E-mail"),
        help_text=_("Optional. With an address the link is mailed, and only that account can accept it."),
    )
    role = forms.ChoiceField(
        choices=Membership.Role.choices, initial=Membership.Role.ARBITER, label=_("Role")
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices, label=_("Role"))


class RosterPlayerForm(forms.ModelForm):
    title = forms.ChoiceField(
        choices=[("", "—")] + [(t, t) for t in TITLES], required=False, label=_("Title")
    )
    rating = forms.IntegerField(min_value=0, max_value=3500, required=False, label=_("Rating"))
    birth_year = forms.IntegerField(min_value=1900, max_value=2100, required=False, label=_("Birth year"))
    fide_id = forms.IntegerField(min_value=1, max_value=10**12 - 1, required=False, label=_("FIDE id"))

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
        labels = {
            "name": _("Name"),
            "club_name": _("Club"),
            "federation": _("Federation"),
            "email": _("E-mail"),
            "phone": _("Phone"),
        }

    def clean_federation(self) -> str:
        fed = self.cleaned_data["federation"].strip().upper()
        if fed and not (len(fed) == 3 and fed.isalpha()):
            raise forms.ValidationError(gettext("Three letters, like NED or GER."))
        return fed


class FideAddForm(forms.Form):
    fide_id = forms.IntegerField(min_value=1, max_value=10**12 - 1, label=_("FIDE id"))


class SearchForm(forms.Form):
    q = forms.CharField(max_length=100, required=False, label=_("Search"))
