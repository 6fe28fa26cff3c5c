"""The organiser's forms: the list's rules, a group with its prizes (one row per place), and the
players flagged for the women's prizes. Amounts are typed in currency units ("150", "37.50")."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from prizes.models import PrizeGroup, PrizeList
from prizes.services.lists import PrizeRow

PRIZE_ROWS_EXTRA = 2
"""Blank rows under a group's prizes, to add places (save, and two more appear)."""
NEW_GROUP_ROWS = 5


def cents(value: Decimal | None) -> int:
    return int((value or Decimal(0)) * 100)


def units(cents_value: int) -> Decimal:
    return (Decimal(cents_value) / 100).quantize(Decimal("0.01"))


class RulesForm(forms.Form):
    sharing = forms.ChoiceField(label=_("Players level on points"), choices=PrizeList.Sharing.choices)
    one_prize_per_player = forms.BooleanField(label=_("One prize per player"), required=False)
    precedence = forms.ChoiceField(
        label=_("A player who could win two prizes keeps"), choices=PrizeList.Precedence.choices
    )
    unit = forms.DecimalField(
        label=_("Round shares to"), min_value=Decimal("0.01"), max_digits=9, decimal_places=2, initial=1
    )
    currency = forms.CharField(label=_("Currency"), max_length=3, initial="EUR")
    public = forms.BooleanField(label=_("Players see the list on the public pages"), required=False)
    notes = forms.CharField(
        label=_("Notes for players (e.g. when and how prizes are paid)"),
        max_length=500,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class GroupForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80, required=False)
    kind = forms.ChoiceField(label=_("Who may enter"), choices=PrizeGroup.Kind.choices)
    rating_min = forms.IntegerField(label=_("Rating from"), min_value=1, max_value=3500, required=False)
    rating_below = forms.IntegerField(label=_("Rating below"), min_value=1, max_value=3500, required=False)
    include_unrated = forms.BooleanField(label=_("Unrated players too"), required=False)
    age = forms.IntegerField(label=_("Age"), min_value=1, max_value=120, required=False)
    club_name = forms.CharField(label=_("Club"), max_length=100, required=False)
    club_count = forms.IntegerField(
        label=_("Players counted per club"), min_value=1, max_value=20, required=False
    )

    def group_fields(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            f: data.get(f)
            for f in ("rating_min", "rating_below", "include_unrated", "age", "club_name", "club_count")
        }


class PrizeRowForm(forms.Form):
    amount = forms.DecimalField(
        label=_("Amount"), min_value=0, max_digits=9, decimal_places=2, required=False
    )
    item = forms.CharField(label=_("Object"), max_length=100, required=False)
    item_value = forms.DecimalField(
        label=_("Object's value"), min_value=0, max_digits=9, decimal_places=2, required=False
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("item_value") and not (data.get("item") or "").strip():
            self.add_error("item", _("Name the object whose value you gave."))
        return data

    def row(self) -> PrizeRow | None:
        data = self.cleaned_data
        if not data or (not data.get("amount") and not (data.get("item") or "").strip()):
            return None
        return PrizeRow(
            cents(data.get("amount")), (data.get("item") or "").strip(), cents(data.get("item_value"))
        )


PrizeRowFormSet = forms.formset_factory(PrizeRowForm, extra=PRIZE_ROWS_EXTRA, max_num=60, absolute_max=60)
NewGroupRowsFormSet = forms.formset_factory(PrizeRowForm, extra=NEW_GROUP_ROWS, max_num=60, absolute_max=60)


def group_forms(group: PrizeGroup | None, data: Any = None) -> tuple[GroupForm, Any]:
    """The group's form and its prize rows (existing places first, then blank rows to add)."""
    prefix = f"g{group.pk}" if group else "new"
    initial = None
    rows = None
    if group is not None:
        initial = {
            "name": group.name,
            "kind": group.kind,
            "rating_min": group.rating_min,
            "rating_below": group.rating_below,
            "include_unrated": group.include_unrated,
            "age": group.age,
            "club_name": group.club_name,
            "club_count": group.club_count,
        }
        rows = [
            {
                "amount": units(p.cents) if p.cents else None,
                "item": p.item,
                "item_value": units(p.item_cents) if p.item_cents else None,
            }
            for p in group.prizes.all()
        ]
    form = GroupForm(data, prefix=prefix, initial=initial)
    rows_class = PrizeRowFormSet if group is not None else NewGroupRowsFormSet
    formset = rows_class(data, prefix=f"{prefix}-p", initial=rows)
    return form, formset
