"""Forms parse and type the input; the services decide what is allowed."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from pairing.engine.tiebreaks import TIEBREAKS
from tournaments.models import Board, EventRole, Participant, RoundBye, Tournament, TournamentRole
from tournaments.tiebreak_words import tiebreak_name

SCORING_PRESETS = {
    "standard": (2, 1, 0),
    "three-one-zero": (6, 2, 0),
}
SCORING_CHOICES = [("standard", _("Win 1, draw ½, loss 0")), ("three-one-zero", _("Win 3, draw 1, loss 0"))]
BYE_CHOICES = [("win", _("A win's points")), ("draw", _("A draw's points")), ("zero", _("Nothing"))]
COLOUR_CHOICES = [("", _("Draw by lot")), ("w", _("White")), ("b", _("Black"))]
TIEBREAK_HELP = lazy(
    lambda: ", ".join(f"{info.code} = {tiebreak_name(info.code, info.name)}" for info in TIEBREAKS), str
)()
"""The codes and their names, in the language of the page that shows them."""

# <input type="date"> only understands ISO dates: without the format, a localised "04/12/2026" is
# written into the field and the browser shows it empty.
DATE_INPUT = forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})


MAX_EXPECTED_PLAYERS = 2000


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=150, label=_("Name"))
    place = forms.CharField(max_length=150, required=False, label=_("Place"))
    start_date = forms.DateField(required=False, widget=DATE_INPUT, label=_("Start date"))
    end_date = forms.DateField(required=False, widget=DATE_INPUT, label=_("End date"))
    expected_players = forms.IntegerField(
        min_value=2,
        max_value=MAX_EXPECTED_PLAYERS,
        required=False,
        label=_("Expected players"),
        help_text=_("We suggest a format and a number of rounds."),
    )
    format = forms.ChoiceField(choices=Tournament.Format.choices, label=_("Format"))
    double_round_robin = forms.BooleanField(
        required=False, label=_("Double round robin (everyone meets twice)")
    )
    rounds_planned = forms.IntegerField(min_value=1, max_value=99, label=_("Rounds"), initial=5)
    scoring = forms.ChoiceField(choices=SCORING_CHOICES, initial="standard", label=_("Scoring"))
    bye_value = forms.ChoiceField(
        choices=BYE_CHOICES, initial="win", label=_("Pairing-allocated bye is worth")
    )
    acceleration = forms.ChoiceField(
        choices=Tournament.Acceleration.choices, initial="none", label=_("Acceleration")
    )
    tiebreaks = forms.CharField(
        max_length=200,
        required=False,
        label=_("Tie-breaks"),
        widget=forms.TextInput(attrs={"placeholder": _("empty: the default order shown above")}),
        help_text=format_lazy("{} {}.", _("In order, comma-separated."), TIEBREAK_HELP),
    )
    unplayed_rule = forms.ChoiceField(
        choices=Tournament.UnplayedRule.choices, label=_("Unplayed rounds in tie-breaks")
    )
    initial_colour = forms.ChoiceField(
        choices=COLOUR_CHOICES, required=False, label=_("Colour of no. 1 in round 1")
    )
    pairing_numbers = forms.ChoiceField(choices=Tournament.PairingNumbers.choices, label=_("Pairing numbers"))
    late_entry_points = forms.ChoiceField(
        choices=Tournament.LateEntryPoints.choices, label=_("Late entries' missed rounds")
    )
    unrated_rating = forms.IntegerField(
        min_value=0,
        max_value=3000,
        required=False,
        label=_("Rating of unrated opponents in ARO and TPR"),
        help_text=_(
            "FIDE C.07 Art. 10: announced before the start (for example 1000, or an estimate). Empty: games against unrated opponents are left out of ARO and TPR."
        ),
    )
    long_tournament = forms.BooleanField(
        required=False,
        label=_("The tournament lasts more than 30 days"),
        help_text=_(
            "Players may then have a rating per rating list, from the round it applies (the participants' page). FIDE advises against rating tie-breaks (ARO, TPR) in such a tournament."
        ),
    )
    rating_basis = forms.ChoiceField(
        choices=Tournament.RatingBasis.choices,
        initial=Tournament.RatingBasis.FIRST,
        required=False,
        label=_("Rating tie-breaks count"),
        help_text=_("In a tournament lasting more than 30 days; otherwise every player has one rating."),
    )
    rating_basis_round = forms.IntegerField(
        min_value=1,
        max_value=99,
        required=False,
        label=_("…the ratings valid in round"),
        help_text=_("With the rating valid from a chosen round."),
    )
    max_half_byes = forms.IntegerField(
        min_value=0, max_value=20, initial=2, label=_("Half-point byes per player")
    )
    no_byes_in_last_rounds = forms.IntegerField(
        min_value=0, max_value=20, initial=1, label=_("No byes in the last … rounds")
    )
    withdrawal_games = forms.ChoiceField(
        choices=Tournament.WithdrawalGames.choices, label=_("Round robin: a withdrawal's remaining games")
    )
    language = forms.ChoiceField(
        choices=(),
        required=False,
        label=_("Language of PDFs and mails to players"),
        help_text=_("The site's default when empty; each reader's pages follow their own choice."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [("", _("Site default")), *settings.LANGUAGES]

    def service_fields(self) -> dict[str, Any]:
        """The cleaned data as ``tournament_create``/``tournament_update`` keywords."""
        data = dict(self.cleaned_data)
        data.pop("expected_players", None)
        win, draw, loss = SCORING_PRESETS[data.pop("scoring")]
        bye = {"win": win, "draw": draw, "zero": 0}[data.pop("bye_value")]
        data.update(win_points=win, draw_points=draw, loss_points=loss, bye_points=bye)
        if not data.get("tiebreaks"):
            data.pop("tiebreaks", None)
        if not data.get("initial_colour"):
            data.pop("initial_colour", None)
        if not data.get("rating_basis"):
            data.pop("rating_basis", None)
        return data

    @staticmethod
    def initial_from(tournament: Tournament) -> dict[str, Any]:
        scoring = next(
            (
                k
                for k, v in SCORING_PRESETS.items()
                if v == (tournament.win_points, tournament.draw_points, tournament.loss_points)
            ),
            "standard",
        )
        bye = {tournament.win_points: "win", tournament.draw_points: "draw", 0: "zero"}.get(
            tournament.bye_points, "win"
        )
        initial = {
            name: getattr(tournament, name)
            for name in TournamentForm.base_fields
            if hasattr(tournament, name)
        }
        initial.update(scoring=scoring, bye_value=bye)
        return initial


class ParticipantForm(forms.Form):
    name = forms.CharField(
        max_length=100, widget=forms.TextInput(attrs={"autocomplete": "off"}), label=_("Name")
    )
    rating = forms.IntegerField(min_value=0, max_value=3500, required=False, label=_("Rating"))
    title = forms.ChoiceField(choices=Participant.Title.choices, required=False, label=_("Title"))
    federation = forms.CharField(max_length=3, required=False, label=_("Federation"))
    fide_id = forms.CharField(max_length=12, required=False, label=_("FIDE id"))
    club_name = forms.CharField(max_length=100, required=False, label=_("Club"))
    birth_year = forms.IntegerField(min_value=1900, max_value=2100, required=False, label=_("Birth year"))
    add_to_roster = forms.BooleanField(required=False, label=_("also add to the club's roster"))

    def service_fields(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data.pop("add_to_roster", None)
        data["rating"] = data.get("rating") or 0
        return data


MAX_CSV_BYTES = 2_000_000
"""The largest CSV upload (the import takes at most 2,000 players anyway)."""


class ParticipantEditForm(ParticipantForm):
    """The edit page: the quick-add fields plus the private e-mail address."""

    email = forms.EmailField(required=False, label=_("E-mail (private)"))
    half_byes_barred = forms.BooleanField(
        required=False,
        label=_("Barred from half-point byes"),
        help_text=_(
            "The arbiter's decision (for example the allowance was used in an earlier stage): requests for a half-point bye are refused."
        ),
    )


class CsvImportForm(forms.Form):
    text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 10, "cols": 70, "spellcheck": "false"}),
        label=_("Paste the list"),
        help_text=_(
            "One player per line: name, rating, title, federation, FIDE id, club. A header row is optional."
        ),
    )
    file = forms.FileField(
        required=False,
        label=_("…or upload a CSV file"),
        help_text=format_lazy(_("At most {} MB."), MAX_CSV_BYTES // 1_000_000),
    )

    def clean(self) -> dict[str, Any]:
        """Read the upload whole or refuse it: never a silently shortened list."""
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > MAX_CSV_BYTES:
                self.add_error(
                    "file",
                    _(
                        "The file is %(size)s bytes; the limit is %(limit)s bytes (%(mb)s MB). Split it "
                        "and import the parts one after the other."
                    )
                    % {
                        "size": f"{upload.size:,}",
                        "limit": f"{MAX_CSV_BYTES:,}",
                        "mb": MAX_CSV_BYTES // 1_000_000,
                    },
                )
                return data
            raw = upload.read()
            for encoding in ("utf-8-sig", "cp1252"):
                try:
                    data["text"] = raw.decode(encoding)
                    break
                except UnicodeDecodeError:
                    continue
            else:
                self.add_error(
                    "file",
                    _(
                        "Could not read the file's encoding (it is neither UTF-8 nor Windows-1252): "
                        "save it as CSV UTF-8 and upload it again."
                    ),
                )
        return data

    def csv_text(self) -> str:
        return self.cleaned_data.get("text") or ""


class _PlayerChoices(forms.Form):
    """Players chosen from a select (the participant's id), or, in a big field where a select of
    thousands of names is no help (and megabytes of page), typed by pairing number in the field
    ``<name>_number``. Either way ``cleaned_data[<name>]`` is the participant's id."""

    PLAYER_FIELDS: tuple[str, ...] = ()

    def __init__(self, *args: Any, participants: list[Participant] = (), **kwargs: Any) -> None:  # type: ignore[assignment]
        super().__init__(*args, **kwargs)
        self.by_number = {p.pairing_number: p.pk for p in participants if p.pairing_number}
        choices = [(p.pk, f"{p.pairing_number or '-'}. {p.name}") for p in participants]
        for name in self.PLAYER_FIELDS:
            self.fields[name].choices = choices
            self.fields[f"{name}_number"] = forms.IntegerField(min_value=1, required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for name in self.PLAYER_FIELDS:
            number = data.get(f"{name}_number")
            if number is not None and not data.get(name):
                if number not in self.by_number:
                    self.add_error(
                        f"{name}_number", _("Nobody has pairing number %(number)s.") % {"number": number}
                    )
                    continue
                self.errors.pop(name, None)
                data[name] = self.by_number[number]
            elif data.get(name) is None and name not in self.errors:
                self.add_error(name, _("Choose a player."))
        return data


class ByeForm(_PlayerChoices):
    KIND_CHOICES = [
        (RoundBye.Kind.HALF_POINT, _("Half-point bye")),
        (RoundBye.Kind.ZERO_POINT, _("Zero-point bye")),
        (RoundBye.Kind.ABSENT, _("Absent")),
    ]
    PLAYER_FIELDS = ("participant",)
    participant = forms.TypedChoiceField(coerce=int, choices=(), required=False, empty_value=None)
    round_number = forms.IntegerField(min_value=1, label=_("Round"))
    kind = forms.ChoiceField(choices=KIND_CHOICES, label=_("Kind"))


class ForbiddenPairForm(_PlayerChoices):
    """Two participants to keep apart; empty rounds mean from the start / to the end."""

    PLAYER_FIELDS = ("first", "second")
    first = forms.TypedChoiceField(
        coerce=int, choices=(), label=_("Player"), required=False, empty_value=None
    )
    second = forms.TypedChoiceField(
        coerce=int, choices=(), label=_("and player"), required=False, empty_value=None
    )
    first_round = forms.IntegerField(min_value=1, max_value=99, required=False, label=_("From round"))
    last_round = forms.IntegerField(min_value=1, max_value=99, required=False, label=_("To round"))
    reason = forms.CharField(max_length=200, required=False, label=_("Reason"))


class WithdrawForm(forms.Form):
    from_round = forms.IntegerField(min_value=1, max_value=99, required=False, label=_("From round"))


class ExpelForm(WithdrawForm):
    reason = forms.CharField(max_length=300, label=_("Reason for the expulsion"))


class TiebreaksForm(forms.Form):
    codes = forms.CharField(
        max_length=200,
        label=_("Tie-breaks"),
        help_text=format_lazy("{} {}.", _("In order, comma-separated."), TIEBREAK_HELP),
    )
    reason = forms.CharField(
        max_length=500,
        required=False,
        label=_("Reason"),
        help_text=_("Required once round 1 has been paired."),
    )


RESULT_KEYS = [(code, code) for code in Board.Result.values if code != Board.Result.PENDING]
"""The results an arbiter can enter, by their codes ("1-0", "1/2-1/2", ...), in the model's order."""


class ResultForm(forms.Form):
    result = forms.ChoiceField(
        choices=[("", "—"), *RESULT_KEYS],
        required=False,
    )
    version = forms.IntegerField(min_value=0)


class ResultSlipForm(forms.Form):
    """A result slip typed by board number (the round page's quick-entry box)."""

    board = forms.IntegerField(min_value=1, max_value=99_999)
    result = forms.ChoiceField(choices=RESULT_KEYS)


class ExchangeForm(forms.Form):
    board_a = forms.IntegerField(min_value=1, label=_("Board"))
    board_b = forms.IntegerField(min_value=1, label=_("with board"))


class StaffForm(forms.Form):
    username = forms.CharField(max_length=150, label=_("Username"))
    role = forms.ChoiceField(
        choices=TournamentRole.Role.choices, initial=TournamentRole.Role.ARBITER, label=_("Role")
    )


class AuditFilterForm(forms.Form):
    """The audit log's filters (GET): a round, a board, a page."""

    round = forms.IntegerField(min_value=1, max_value=999, required=False)
    board = forms.IntegerField(min_value=1, max_value=9999, required=False)
    page = forms.IntegerField(min_value=1, required=False)


class TournamentImportForm(forms.Form):
    KINDS = [("trf", _("TRF file (FIDE rating report)")), ("json", _("JSON backup from this program"))]
    kind = forms.ChoiceField(choices=KINDS, widget=forms.RadioSelect, initial="trf", label=_("What is it?"))
    file = forms.FileField(label=_("File"))
    name = forms.CharField(
        max_length=150, required=False, label=_("Name"), help_text=_("Empty: the name in the file.")
    )


class DeleteTournamentForm(forms.Form):
    confirm = forms.CharField(
        max_length=150, required=False, label=_("Type the tournament's name to confirm")
    )


class EventForm(forms.Form):
    name = forms.CharField(max_length=150, label=_("Event name"))
    place = forms.CharField(max_length=150, required=False, label=_("Venue"))
    start_date = forms.DateField(required=False, widget=DATE_INPUT, label=_("Start date"))
    end_date = forms.DateField(required=False, widget=DATE_INPUT, label=_("End date"))
    one_section_per_player = forms.BooleanField(
        required=False, initial=True, label=_("A player may enter only one section")
    )


class SectionBandForm(forms.Form):
    """A section's place in its event, beside the tournament settings of the section."""

    band_min_rating = forms.IntegerField(
        min_value=0,
        max_value=3500,
        required=False,
        label=_("Rating from"),
        help_text=_("Empty: no lower limit."),
    )
    band_max_rating = forms.IntegerField(
        min_value=1,
        max_value=3500,
        required=False,
        label=_("Rating below"),
        help_text=_("Empty: no upper limit."),
    )
    max_age = forms.IntegerField(
        min_value=1,
        max_value=99,
        required=False,
        label=_("Age at most"),
        help_text=_("For a junior section."),
    )


class EventRegisterForm(ParticipantForm):
    """The event's desk: a player's entry, and the section (empty: the one the bands suggest)."""

    section = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, label=_("Section"))

    def __init__(self, *args: Any, sections: list[Tournament], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields.pop("add_to_roster", None)
        choices = [("", _("By rating band"))] + [(s.pk, s.name) for s in sections]
        self.fields["section"].choices = choices  # type: ignore[attr-defined]

    def service_fields(self) -> dict[str, Any]:
        data = super().service_fields()
        data.pop("section", None)
        return data


class MoveForm(forms.Form):
    participant = forms.IntegerField(min_value=1, label=_("Player"))
    section = forms.IntegerField(min_value=1, label=_("To section"))


class EventStaffForm(forms.Form):
    username = forms.CharField(max_length=150, label=_("User name"))
    role = forms.ChoiceField(choices=EventRole.Role.choices, initial=EventRole.Role.ARBITER, label=_("Role"))


class FideModeLeaveForm(forms.Form):
    first_warning = forms.BooleanField(required=True)
    second_warning = forms.BooleanField(required=True)
    reason = forms.CharField(max_length=300, label=_("Why this tournament leaves FIDE mode"))


class RatingCorrectionForm(forms.Form):
    round = forms.IntegerField(min_value=1, max_value=99, label=_("Round"))
    board = forms.IntegerField(min_value=1, max_value=9999, label=_("Board"))
    result = forms.ChoiceField(
        choices=[c for c in Board.Result.choices if c[0] != Board.Result.PENDING],
        label=_("Result for the rating report"),
    )
    reason = forms.CharField(max_length=300, label=_("Reason"))


class LaterRatingsForm(forms.Form):
    """Ratings from a later round (a tournament lasting more than 30 days)."""

    SOURCES = [("text", _("the list below")), ("fide_list", _("the FIDE rating list loaded on this site"))]
    from_round = forms.IntegerField(min_value=2, max_value=99, label=_("Valid from round"))
    source = forms.ChoiceField(choices=SOURCES, initial="text", label=_("Take the ratings from"))
    text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "cols": 40, "spellcheck": "false"}),
        label=_("Ratings"),
        help_text=_(
            "One player per line: FIDE id or pairing number, rating. An empty rating removes the one from that round."
        ),
    )
