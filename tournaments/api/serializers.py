"""Input and output serializers for the REST API.

Input serializers only check shape and types; the rules (who may, when, how many byes...) live in
the services, which the views call. Output serializers are read-only views of the models.

Scores and point settings are in half-points, as everywhere in the app (a standard win is 2);
``points`` fields in standings are the display value in real points (``"3.5"``).
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from clubs.models import Club
from tournaments.exchange.trf_import import trf_text
from tournaments.models import Board, Event, ForbiddenPair, Participant, Round, RoundBye, Tournament
from tournaments.services.tournaments import DESCRIPTIVE_FIELDS, SETTING_FIELDS

# --- output ----------------------------------------------------------------------------------


class TournamentOutput(serializers.ModelSerializer):
    club = serializers.CharField(source="club.name", default=None, read_only=True, allow_null=True)
    event = serializers.IntegerField(
        source="event_id", read_only=True, help_text="The event this section is part of."
    )

    class Meta:
        model = Tournament
        fields = (
            "id",
            *DESCRIPTIVE_FIELDS,
            "club",
            "event",
            "band_min_rating",
            "band_max_rating",
            "max_age",
            # Every setting except the seed of the drawing of lots, which the API has never shown.
            *(f for f in SETTING_FIELDS if f not in DESCRIPTIVE_FIELDS and f != "lots_seed"),
            "status",
            "version",
            "public_token",
            "created_at",
            "updated_at",
        )
        read_only_fields = fields


class PublicTournamentOutput(serializers.ModelSerializer):
    class Meta:
        model = Tournament
        fields = (
            "name",
            "place",
            "start_date",
            "end_date",
            "format",
            "rounds_planned",
            "win_points",
            "draw_points",
            "loss_points",
            "bye_points",
            "tiebreaks",
            "status",
            "version",
        )
        read_only_fields = fields


class ParticipantOutput(serializers.ModelSerializer):
    class Meta:
        model = Participant
        fields = ("id", *Participant.RECORD_FIELDS)
        read_only_fields = fields


class PublicParticipantOutput(serializers.ModelSerializer):
    """No e-mail address, ever."""

    class Meta:
        model = Participant
        fields = ("id", *Participant.PUBLIC_FIELDS)
        read_only_fields = fields


class PlayerRef(serializers.Serializer):
    id = serializers.IntegerField()
    pairing_number = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()


class BoardOutput(serializers.ModelSerializer):
    white = PlayerRef(read_only=True)
    black = PlayerRef(read_only=True)
    round = serializers.IntegerField(source="round.number", read_only=True)

    class Meta:
        model = Board
        fields = ("id", "round", "number", "white", "black", "result", "version", "corrected_after_pairing")
        read_only_fields = fields


def board_output(board: Board) -> dict[str, Any]:
    """``BoardOutput(board).data``, written out for the one board a result entry answers with: the
    serializer builds its fields from the model again for every board it serializes (issue 38:
    a twentieth of an entry's CPU). The board comes with its round and players (the service's
    locked read). ``tests/tournaments/api/test_rounds.py`` holds the two equal."""
    return {
        "id": board.pk,
        "round": board.round.number,
        "number": board.number,
        "white": _player_ref(board.white),
        "black": _player_ref(board.black),
        "result": board.result,
        "version": board.version,
        "corrected_after_pairing": board.corrected_after_pairing,
    }


def _player_ref(participant: Participant) -> dict[str, Any]:
    """``PlayerRef``'s three fields."""
    return {"id": participant.pk, "pairing_number": participant.pairing_number, "name": participant.name}


class PublicBoardOutput(BoardOutput):
    class Meta(BoardOutput.Meta):
        fields = ("round", "number", "white", "black", "result")
        read_only_fields = fields


class ByeOutput(serializers.ModelSerializer):
    participant = PlayerRef(read_only=True)

    class Meta:
        model = RoundBye
        fields = ("id", "participant", "round_number", "kind", "points")
        read_only_fields = fields


class PublicByeOutput(ByeOutput):
    class Meta(ByeOutput.Meta):
        fields = ("participant", "round_number", "kind", "points")
        read_only_fields = fields


class ForbiddenPairOutput(serializers.ModelSerializer):
    first = PlayerRef(read_only=True)
    second = PlayerRef(read_only=True)

    class Meta:
        model = ForbiddenPair
        fields = ("id", "first", "second", "first_round", "last_round", "reason", "created_at")
        read_only_fields = fields


class RoundOutput(serializers.ModelSerializer):
    class Meta:
        model = Round
        fields = ("id", "number", "status", "error", "violations", "created_at", "published_at")
        read_only_fields = fields


def _read_from_round(fields: dict[str, Any]) -> dict[str, Any]:
    """For a serializer of a ``RoundWithByes`` (``tournaments.selectors.api``): every field but
    ``byes`` reads ``round.<name>``. The fields stay the ones the model gives, so the schema does."""
    for name, field in fields.items():
        if name != "byes":
            field.source = f"round.{name}"
    return fields


# Reads a ``RoundWithByes``: the round's fields and boards, and its byes. (No docstring: it would
# become the schema's description.)
class RoundDetailOutput(RoundOutput):
    boards = BoardOutput(many=True, read_only=True)
    byes = ByeOutput(many=True, read_only=True)

    class Meta(RoundOutput.Meta):
        fields = (*RoundOutput.Meta.fields, "explanation", "boards", "byes")
        read_only_fields = fields

    def get_fields(self) -> dict[str, Any]:
        return _read_from_round(super().get_fields())


class PublicRoundOutput(serializers.ModelSerializer):
    class Meta:
        model = Round
        fields = ("number", "status", "published_at")
        read_only_fields = fields


# Reads a ``RoundWithByes``, as ``RoundDetailOutput`` does.
class PublicRoundDetailOutput(PublicRoundOutput):
    boards = PublicBoardOutput(many=True, read_only=True)
    byes = PublicByeOutput(many=True, read_only=True)

    class Meta(PublicRoundOutput.Meta):
        fields = (*PublicRoundOutput.Meta.fields, "boards", "byes")
        read_only_fields = fields

    def get_fields(self) -> dict[str, Any]:
        return _read_from_round(super().get_fields())


class TiebreakOutput(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    value = serializers.CharField(source="display", help_text="The value as shown: 24.5, or 3 for counts.")
    summary = serializers.CharField(help_text="How the value came about, in plain words.")


class StandingRowOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    participant = serializers.IntegerField(source="id")
    pairing_number = serializers.IntegerField(source="tpn")
    name = serializers.CharField()
    points = serializers.CharField(source="points_display", help_text="Real points, e.g. 3.5.")
    by_lot = serializers.BooleanField(help_text="Only the drawing of lots separated this row from the next.")
    withdrawn = serializers.BooleanField()
    tiebreaks = TiebreakOutput(many=True)


class StandingsOutput(serializers.Serializer):
    through_round = serializers.IntegerField(source="rounds")
    tiebreaks = serializers.ListField(child=serializers.CharField())
    unplayed = serializers.CharField(help_text="How unplayed rounds count for tie-breaks.")
    rows = StandingRowOutput(many=True)

    def to_representation(self, instance: Any) -> dict[str, Any]:
        """The fields above, written out by hand: they stay the schema, but going through a
        nested serializer per row and tie-break took seconds for 5,000 rows x 5 tie-breaks.
        tests/tournaments/api/test_standings_output.py checks both give the same answer."""
        return {
            "through_round": _int(instance.rounds),
            "tiebreaks": [_str(code) for code in instance.tiebreaks],
            "unplayed": _str(instance.unplayed),
            "rows": [
                {
                    "rank": _int(row.rank),
                    "participant": _int(row.id),
                    "pairing_number": _int(row.tpn),
                    "name": _str(row.name),
                    "points": _str(row.points_display),
                    "by_lot": _bool(row.by_lot),
                    "withdrawn": _bool(row.withdrawn),
                    "tiebreaks": [
                        {
                            "code": _str(t.code),
                            "name": _str(t.name),
                            "value": _str(t.display),
                            "summary": _str(t.summary),
                        }
                        for t in row.tiebreaks
                    ],
                }
                for row in instance.rows
            ],
        }


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


def _str(value: Any) -> str | None:
    return None if value is None else str(value)


def _bool(value: Any) -> bool | None:
    return None if value is None else bool(value)


class TokenOutput(serializers.Serializer):
    token = serializers.CharField()


class ImportedOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    participants = serializers.IntegerField()
    rounds = serializers.IntegerField()
    warnings = serializers.ListField(
        child=serializers.CharField(), help_text="What the file said that could not be kept."
    )


class ErrorOutput(serializers.Serializer):
    detail = serializers.CharField()
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), required=False)


# --- input -----------------------------------------------------------------------------------


class TournamentInput(serializers.Serializer):
    """Settings for a new tournament. Point values are half-points (a standard win is 2)."""

    name = serializers.CharField(max_length=150)
    place = serializers.CharField(max_length=150, required=False, allow_blank=True)
    start_date = serializers.DateField(required=False, allow_null=True)
    end_date = serializers.DateField(required=False, allow_null=True)
    club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all(), required=False, allow_null=True)
    format = serializers.ChoiceField(choices=Tournament.Format.choices, required=False)
    double_round_robin = serializers.BooleanField(required=False)
    rounds_planned = serializers.IntegerField(min_value=1, max_value=99, required=False)
    win_points = serializers.IntegerField(min_value=0, max_value=20, required=False)
    draw_points = serializers.IntegerField(min_value=0, max_value=20, required=False)
    loss_points = serializers.IntegerField(min_value=0, max_value=20, required=False)
    bye_points = serializers.IntegerField(min_value=0, max_value=20, required=False)
    late_entry_points = serializers.ChoiceField(choices=Tournament.LateEntryPoints.choices, required=False)
    acceleration = serializers.ChoiceField(choices=Tournament.Acceleration.choices, required=False)
    tiebreaks = serializers.CharField(
        max_length=200, required=False, help_text="Comma-separated, e.g. DE,BH-C1,BH"
    )
    unplayed_rule = serializers.ChoiceField(choices=Tournament.UnplayedRule.choices, required=False)
    initial_colour = serializers.ChoiceField(choices=Tournament.Colour.choices, required=False)
    lots_seed = serializers.IntegerField(min_value=0, max_value=2**31 - 1, required=False)
    pairing_numbers = serializers.ChoiceField(choices=Tournament.PairingNumbers.choices, required=False)
    long_tournament = serializers.BooleanField(
        required=False, help_text="The tournament lasts more than 30 days (several ratings per player)."
    )
    rating_basis = serializers.ChoiceField(
        choices=Tournament.RatingBasis.choices,
        required=False,
        help_text="Which rating ARO and TPR count in a tournament over 30 days.",
    )
    rating_basis_round = serializers.IntegerField(
        min_value=1, max_value=99, required=False, allow_null=True, help_text="With rating_basis 'chosen'."
    )
    max_half_byes = serializers.IntegerField(min_value=0, max_value=99, required=False)
    no_byes_in_last_rounds = serializers.IntegerField(min_value=0, max_value=99, required=False)
    withdrawal_games = serializers.ChoiceField(choices=Tournament.WithdrawalGames.choices, required=False)


class TournamentUpdateInput(TournamentInput):
    """Any subset of the settings; after round 1 only name, place and dates may change."""

    name = serializers.CharField(max_length=150, required=False)
    club = None


class ParticipantInput(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    rating = serializers.IntegerField(min_value=0, max_value=3500, required=False)
    title = serializers.ChoiceField(choices=Participant.Title.choices, required=False, allow_blank=True)
    federation = serializers.CharField(max_length=3, required=False, allow_blank=True)
    fide_id = serializers.CharField(max_length=12, required=False, allow_blank=True)
    club_name = serializers.CharField(max_length=100, required=False, allow_blank=True)
    email = serializers.EmailField(required=False, allow_blank=True)
    half_byes_barred = serializers.BooleanField(
        required=False, help_text="Barred by the arbiter from requested half-point byes."
    )


class ParticipantUpdateInput(ParticipantInput):
    """PATCH: any subset of the entry fields."""


class LateEntryInput(ParticipantInput):
    joined_round = serializers.IntegerField(
        min_value=1, max_value=99, required=False, help_text="Default: the next round not yet published."
    )


class WithdrawInput(serializers.Serializer):
    from_round = serializers.IntegerField(
        min_value=1, max_value=99, required=False, help_text="Default: the next round not yet published."
    )


class ExpelInput(serializers.Serializer):
    from_round = serializers.IntegerField(
        min_value=1, max_value=99, required=False, help_text="Default: the next round not yet published."
    )
    reason = serializers.CharField(max_length=300, help_text="Why the player is expelled (audited).")


REQUESTED_BYE_KINDS = [
    (RoundBye.Kind.HALF_POINT.value, "Requested half-point bye"),
    (RoundBye.Kind.ZERO_POINT.value, "Requested zero-point bye"),
    (RoundBye.Kind.ABSENT.value, "Known absence"),
]


class ByeInput(serializers.Serializer):
    participant = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
    round_number = serializers.IntegerField(min_value=1, max_value=99)
    kind = serializers.ChoiceField(choices=REQUESTED_BYE_KINDS)


class ForbiddenPairInput(serializers.Serializer):
    first = serializers.IntegerField(min_value=1, max_value=2**31 - 1, help_text="A participant's id.")
    second = serializers.IntegerField(min_value=1, max_value=2**31 - 1, help_text="Another participant's id.")
    first_round = serializers.IntegerField(
        min_value=1, max_value=99, required=False, allow_null=True, help_text="Default: from round 1."
    )
    last_round = serializers.IntegerField(
        min_value=1, max_value=99, required=False, allow_null=True, help_text="Default: to the last round."
    )
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True)


class ResultInput(serializers.Serializer):
    result = serializers.ChoiceField(choices=Board.Result.choices, allow_blank=True)
    version = serializers.IntegerField(
        min_value=0,
        max_value=2**31 - 1,
        help_text="The board's version you saw; 409 if it has changed since.",
    )


MAX_UPLOAD_BYTES = 5_000_000


class TrfImportInput(serializers.Serializer):
    """The file's text as ``trf`` (JSON), or the file itself as ``file`` (multipart upload)."""

    trf = serializers.CharField(
        max_length=MAX_UPLOAD_BYTES, trim_whitespace=False, required=False, help_text="The TRF file's text."
    )
    file = serializers.FileField(required=False, help_text="The TRF file (UTF-8 or Latin-1).")
    name = serializers.CharField(max_length=150, required=False, allow_blank=True)

    def validate(self, attrs):
        upload = attrs.pop("file", None)
        if upload is not None:
            if upload.size > MAX_UPLOAD_BYTES:
                raise serializers.ValidationError(
                    {"file": ["A TRF file of more than 5 MB is not a tournament."]}
                )
            attrs["trf"] = trf_text(upload.read())
        if not attrs.get("trf"):
            raise serializers.ValidationError(
                {"trf": ["Send the file's text as `trf`, or upload it as `file`."]}
            )
        return attrs


class JsonImportInput(serializers.Serializer):
    backup = serializers.JSONField(help_text="A backup made by the JSON export.")
    name = serializers.CharField(max_length=150, required=False, allow_blank=True)


class TrfExportQuery(serializers.Serializer):
    version = serializers.ChoiceField(choices=["2026", "2016"], default="2026")


class CsvExportQuery(serializers.Serializer):
    what = serializers.ChoiceField(choices=["participants", "standings"])


class StandingsQuery(serializers.Serializer):
    round = serializers.IntegerField(
        min_value=1,
        max_value=99,
        required=False,
        help_text="Standings after this round (default: the last complete one).",
    )


class SectionOutput(serializers.ModelSerializer):
    """A section as its event lists it; its rounds, boards and results are the tournament endpoints."""

    players = serializers.IntegerField(read_only=True)

    class Meta:
        model = Tournament
        fields = (
            "id",
            "name",
            "section_order",
            "band_min_rating",
            "band_max_rating",
            "max_age",
            "format",
            "rounds_planned",
            "status",
            "players",
            "public_token",
        )
        read_only_fields = fields


class EventOutput(serializers.ModelSerializer):
    club = serializers.CharField(source="club.name", default=None, read_only=True, allow_null=True)
    sections = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = (
            "id",
            "name",
            "place",
            "start_date",
            "end_date",
            "club",
            "one_section_per_player",
            "public_token",
            "sections",
        )
        read_only_fields = fields

    def get_sections(self, event: Event) -> list[dict]:
        visible = self.context.get("sections", {}).get(event.pk, [])
        return SectionOutput(visible, many=True).data
