"""The team pages' forms: the competition's settings, a team with its players, a lineup."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from .adapters import acceleration_problem
from .models import TeamCompetition


class CompetitionForm(forms.ModelForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Left out (an older backup, a client that does not know it): no acceleration.
        self.fields["acceleration"].required = False

    def clean_acceleration(self) -> str:
        return self.cleaned_data.get("acceleration") or TeamCompetition.Acceleration.NONE

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("acceleration") == TeamCompetition.Acceleration.BAKU:
            if data.get("format") == TeamCompetition.Format.ROUND_ROBIN:
                self.add_error(
                    "acceleration",
                    _("Acceleration is for a team Swiss: a round robin's schedule is fixed."),
                )
            elif data.get("scoring") and data.get("primary"):
                problem = acceleration_problem(data["scoring"], data["primary"])
                if problem:
                    self.add_error("acceleration", problem)
        return data

    class Meta:
        model = TeamCompetition
        fields = list(TeamCompetition.SETTING_FIELDS)
        help_texts = {
            "rounds": _(
                "A round robin's number of rounds comes from its teams, set when round 1 is paired: "
                "one round fewer than the teams for an even number of teams, as many as the teams for "
                "an odd number (one team sits each round out)."
            ),
            "tiebreaks": _("Codes in order, separated by commas, e.g. EMGSB,BH,DE (C.07 team tie-breaks)."),
        }


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Team name"), max_length=100)
    club = forms.CharField(label=_("Club"), max_length=100, required=False)
    players = forms.CharField(
        label=_("Players in board order"),
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_(
            "One player a line: name, rating, FIDE id (rating and FIDE id may be left out). Reserves last."
        ),
    )

    def clean_players(self) -> list[tuple[str, int, str]]:
        rows = []
        for number, line in enumerate(self.cleaned_data["players"].splitlines(), start=1):
            if not line.strip():
                continue
            parts = [p.strip() for p in line.split(",")] + ["", ""]
            name, rating, fide = parts[0], parts[1], parts[2]
            if not name:
                raise forms.ValidationError(_("Line %(n)s: a player needs a name.") % {"n": number})
            if rating and not rating.isdigit():
                raise forms.ValidationError(_("Line %(n)s: the rating is a whole number.") % {"n": number})
            rows.append((name[:100], int(rating or 0), fide[:12]))
        if not rows:
            raise forms.ValidationError(_("List at least one player."))
        return rows


class LineupForm(forms.Form):
    """One choice per board among the team's players (empty: the board is not played)."""

    def __init__(
        self, *args: Any, boards: int, players: list[Any], initial_ids: list[int], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(str(p.pk), f"{p.order}. {p.name} ({p.rating})") for p in players]
        for b in range(1, boards + 1):
            self.fields[f"board_{b}"] = forms.ChoiceField(
                label=_("Board %(n)s") % {"n": b},
                choices=choices,
                required=False,
                initial=str(initial_ids[b - 1]) if b <= len(initial_ids) else "",
            )
        self.boards = boards

    def player_ids(self) -> list[int]:
        ids = [self.cleaned_data.get(f"board_{b}") for b in range(1, self.boards + 1)]
        return [int(i) for i in ids if i]


class DeadlineForm(forms.Form):
    deadline = forms.DateTimeField(
        label=_("Captains may set lineups until"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
