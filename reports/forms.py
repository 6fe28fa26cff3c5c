from __future__ import annotations

from django import forms

MAX_ID = 999_999_999


class PlayerResultForm(forms.Form):
    """A player's post: the board their phone showed and a result (checked by the service)."""

    board = forms.IntegerField(min_value=1, max_value=MAX_ID)
    result = forms.CharField(max_length=8, required=False)
    counter_result = forms.CharField(max_length=8, required=False)


class AcceptForm(forms.Form):
    report = forms.IntegerField(min_value=1, max_value=MAX_ID)


class OverrideForm(forms.Form):
    result = forms.CharField(max_length=8)
    version = forms.IntegerField(min_value=0, max_value=MAX_ID)


class ReportingSettingsForm(forms.Form):
    auto_accept_confirmed = forms.BooleanField(required=False, label="Auto-accept confirmed reports")
