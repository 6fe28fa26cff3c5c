"""The entry pages' forms: they parse; the services decide."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from entries.fees import parse_money
from entries.models import EntrySettings, Payment

TITLE_CHOICES = [("", "—")] + [(t, t) for t in ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")]
DATETIME = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class EntryForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100, required=False)
    rating = forms.IntegerField(label=_("Rating"), min_value=0, max_value=3500, required=False)
    title = forms.ChoiceField(label=_("Title"), choices=TITLE_CHOICES, required=False)
    federation = forms.CharField(label=_("Federation"), max_length=3, required=False)
    fide_id = forms.CharField(label=_("FIDE id"), max_length=12, required=False)
    club_name = forms.CharField(label=_("Club"), max_length=100, required=False)
    birth_year = forms.IntegerField(label=_("Birth year"), min_value=1900, max_value=2100, required=False)
    email = forms.EmailField(label=_("E-mail"))
    section = forms.TypedChoiceField(label=_("Section"), coerce=int)
    roster_id = forms.CharField(required=False, widget=forms.HiddenInput)
    fide_pick = forms.CharField(required=False, widget=forms.HiddenInput)
    website = forms.CharField(
        label=_("Leave this empty"),
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
    )
    """The honeypot: hidden from people by the stylesheet; robots fill every field."""

    def __init__(self, *args: Any, sections: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["section"].choices = [("", "—"), *sections]

    def service_fields(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        return {
            "section": data.pop("section"),
            "email": data.pop("email"),
            "honeypot": data.pop("website"),
            "roster_id": data.pop("roster_id") or None,
            "fide_pick": data.pop("fide_pick") or None,
            **{k: ("" if v is None and k != "birth_year" else v) for k, v in data.items()},
        }


class SettingsForm(forms.Form):
    opens_at = forms.DateTimeField(label=_("Entries open"), required=False, widget=DATETIME)
    closes_at = forms.DateTimeField(label=_("Entries close"), required=False, widget=DATETIME)
    auto_accept = forms.BooleanField(label=_("Accept valid entries automatically"), required=False)
    check_in = forms.ChoiceField(label=_("Check-in"), choices=EntrySettings.CheckInRule.choices)
    currency = forms.CharField(label=_("Currency"), max_length=3, initial="EUR")
    desk_code = forms.CharField(
        label=_("New desk tablet code"),
        required=False,
        max_length=40,
        help_text=_("Empty keeps the current code. The code opens the check-in tablet and nothing else."),
    )


class MoneyField(forms.CharField):
    def clean(self, value: Any) -> int:
        text = super().clean(value)
        cents = parse_money(text or "0")
        if cents is None:
            raise forms.ValidationError(_("Give an amount such as 25 or 12.50."))
        return cents


class SectionForm(forms.Form):
    open = forms.BooleanField(label=_("Open"), required=False)
    max_players = forms.IntegerField(label=_("Maximum players"), min_value=1, required=False)
    max_waiting = forms.IntegerField(label=_("Waiting list places"), min_value=0, required=False)
    fee = MoneyField(label=_("Fee"), required=False, max_length=12)


class ReductionForm(forms.Form):
    label = forms.CharField(label=_("Name"), max_length=60)
    percent = forms.IntegerField(label=_("Percent off"), min_value=1, max_value=100)
    max_age = forms.IntegerField(label=_("Aged at most"), min_value=1, max_value=120, required=False)
    min_age = forms.IntegerField(label=_("Aged at least"), min_value=1, max_value=120, required=False)
    titles = forms.CharField(label=_("Titles"), max_length=60, required=False)


class PaymentForm(forms.Form):
    amount = MoneyField(label=_("Amount"), max_length=12)
    method = forms.ChoiceField(
        label=_("Paid by"),
        choices=[(Payment.Method.CASH, _("Cash")), (Payment.Method.TRANSFER, _("Bank transfer"))],
    )
    reference = forms.CharField(label=_("Reference"), max_length=100, required=False)


class RefuseForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)


class DeskCodeForm(forms.Form):
    code = forms.CharField(label=_("Desk code"), max_length=40, widget=forms.PasswordInput)


class ParticipantForm(forms.Form):
    participant = forms.IntegerField(min_value=1, max_value=2**31)
