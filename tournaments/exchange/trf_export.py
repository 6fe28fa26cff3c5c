"""TRF export: the models as the engine's :class:`TrfTournament`, written by ``pairing.engine.trf``.

The engine reads and writes the file format; this module only translates. Participants are written
with their pairing number as TRF starting rank (the import, :mod:`exchange_trf_import`, reads them
back the same way).

Written: every complete round (see :mod:`tournaments.exchange.records`), byes already
known for later rounds (``240`` in TRF-2026, the next round's column in TRF-2016), Baku virtual
points (``250``/``XXA``), the initial colour (``152``/``XXC``), the point system (``162``/``XXS``),
round dates (``132``), the tie-breaks (``202``) and the tournament type (``192``), and forbidden
pairs: one ``260`` record per pair with its round range in TRF-2026 (an open end is written as the
last round), ``XXP`` in TRF-2016 for the pairs that apply to the next round (the writer decides).
"""

from __future__ import annotations

from datetime import UTC, date

from django.utils.translation import gettext

from core.collector import collector_paused
from core.errors import ValidationFailed
from pairing.adapters import baku_accelerations_for
from pairing.engine.errors import InvalidRequestError
from pairing.engine.trf import (
    ForbiddenGroup,
    TrfBye,
    TrfPlayer,
    TrfTournament,
    expelled_comment,
    unrated_rating_comment,
    write_trf,
)
from pairing.engine.types import Colour, ResultCode, RoundRecord
from pairing.standings import shared_ranks, standings_for_tournament
from tournaments.exchange.records import TournamentRecords, tournament_records
from tournaments.exchange.trf_comments import participant_comments
from tournaments.models import (
    AuditLog,
    ForbiddenPair,
    Participant,
    RatingReportCorrection,
    Round,
    RoundBye,
    Tournament,
)
from tournaments.records import board_result_codes, scoring_for

TRF_VERSIONS = ("2026", "2016")

_TITLE_TO_TRF = {
    "GM": "g",
    "IM": "m",
    "WGM": "wg",
    "FM": "f",
    "WIM": "wm",
    "CM": "c",
    "WFM": "wf",
    "WCM": "wc",
}
TRF_TO_TITLE = {code: title for title, code in _TITLE_TO_TRF.items()} | {
    title.lower(): title for title in _TITLE_TO_TRF
}


def trf_export(*, tournament: Tournament, version: str = "2026") -> str:
    """The tournament as a TRF file (``version`` "2026" or "2016"), CR line ends.

    Raises ``ValidationFailed`` when the tournament cannot be expressed in TRF (for example a point
    system TRF has no code for).
    """
    if version not in TRF_VERSIONS:
        raise ValidationFailed(
            gettext("Unknown TRF version %(version)s: use 2026 or 2016.") % {"version": repr(version)},
            errors={"version": ["Use 2026 or 2016."]},
        )
    try:
        # A big field's file is built from hundreds of thousands of small objects kept alive
        # together: the cyclic collector would walk them again at every few thousand allocations.
        with collector_paused():
            return write_trf(tournament_to_trf(tournament), version=version)
    except InvalidRequestError as exc:
        raise ValidationFailed(
            gettext("This tournament cannot be written as TRF: %(exc)s") % {"exc": exc}
        ) from None


def tournament_to_trf(tournament: Tournament) -> TrfTournament:
    """Build the engine's view of a TRF file from the models."""
    data = tournament_records(tournament)
    corrections = _rating_corrections(tournament, data)
    ids = _trf_ids(data.participants)
    ranks = _ranks(tournament, data)
    accelerations = baku_accelerations_for(tournament, data.participants)
    players = []
    for p in data.participants:
        records = tuple(
            RoundRecord(
                corrections.get((p.pk, number), r.result),
                ids[r.opponent] if r.opponent is not None else None,
                r.colour,
            )
            for number, r in enumerate(data.records[p.pk], start=1)
        )
        players.append(
            TrfPlayer(
                id=ids[p.pk],
                name=p.name,
                title=_TITLE_TO_TRF.get(p.title, ""),
                rating=p.rating,
                federation=p.federation,
                fide_id=p.fide_id,
                rank=ranks.get(p.pk),
                records=records,
                accelerations=accelerations.get(p.pk, ()),
            )
        )
    players.sort(key=lambda player: player.id)
    byes = tuple(TrfBye(b.round_number, ids[b.participant_id], code) for b, code in data.later_byes)
    round_dates = _round_dates(tournament, data.rounds)
    return TrfTournament(
        players=tuple(players),
        total_rounds=tournament.rounds_planned,
        initial_colour=Colour(tournament.initial_colour),
        scoring=scoring_for(tournament),
        byes=byes,
        forbidden=_forbidden(tournament, ids),
        name=tournament.name,
        city=tournament.place,
        start_date=_trf_date(tournament.start_date),
        end_date=_trf_date(tournament.end_date),
        players_count=str(len(players)),
        rated_count=str(sum(1 for p in players if p.rating)),
        tournament_type=tournament.get_format_display(),
        round_dates=round_dates,
        type_code=_type_code(tournament),
        tiebreaks=",".join(code.replace("-", "/") for code in tournament.tiebreak_codes),
        comments=fide_mode_comments(tournament)
        + participant_comments(tournament, data.participants, ids)
        + _expelled_comments(data.participants, ids),
    )


def _rating_corrections(tournament: Tournament, data: TournamentRecords) -> dict[tuple[int, int], ResultCode]:
    """(participant pk, round) -> the result code the rating report takes instead of the played one
    (FIDE mode's corrections recorded apart); complete rounds only."""
    found: dict[tuple[int, int], ResultCode] = {}
    rows = RatingReportCorrection.objects.filter(
        tournament=tournament, board__round__number__lte=data.rounds
    ).select_related("board__round")
    for correction in rows:
        codes = board_result_codes(correction.result)
        if codes is None:
            continue
        board, number = correction.board, correction.board.round.number
        found[(board.white_id, number)], found[(board.black_id, number)] = codes
    return found


def fide_mode_comments(tournament: Tournament) -> tuple[str, ...]:
    """The ``###`` lines FIDE mode asks for: whether the tournament left FIDE mode (when, why), the
    seed every drawing of lots came from, the rating unrated opponents count with in ARO and TPR,
    tie-break changes after the start, and the results corrected for the rating report only."""
    paired_at = sorted(Round.objects.filter(tournament=tournament).values_list("created_at", "number"))

    def in_round(at) -> str:
        """Which round was in play at ``at``: the last round paired by then (the rating officer
        reads "in round 3", not a date, against the crosstable)."""
        number = max((n for created, n in paired_at if created <= at), default=0)
        return f"in round {number}" if number else "before round 1"

    lines = [f"Drawing of lots: seed {tournament.lots_seed} (repeatable)"]
    if tournament.fide_mode:
        lines.append("FIDE mode: on")
    else:
        left = tournament.fide_mode_left_at
        when = f"{left.date().isoformat()} {in_round(left)}" if left else "?"
        lines.append(f"FIDE mode LEFT on {when}: {tournament.fide_mode_left_reason}")
    if tournament.unrated_rating is not None:
        # The file's ranks were computed with it: a checker must rank with it too (C.07 Art. 10).
        lines.append(unrated_rating_comment(tournament.unrated_rating).strip())
    changes = AuditLog.objects.filter(tournament=tournament, action="tiebreaks_change_after_start").order_by(
        "pk"
    )
    for entry in changes:
        before = (entry.before or {}).get("tiebreaks", "?")
        after = (entry.after or {}).get("tiebreaks", "?")
        reason = (entry.after or {}).get("reason", "")
        lines.append(
            f"Tie-breaks changed after the start on {entry.at.date().isoformat()} {in_round(entry.at)}: "
            f"{before} -> {after} ({reason})"
        )
    full = (
        RoundBye.objects.filter(tournament=tournament, kind=RoundBye.Kind.FULL_POINT)
        .select_related("participant")
        .order_by("round_number", "participant__pairing_number")
    )
    for bye in full:
        lines.append(
            f"Full-point bye (deprecated by FIDE): round {bye.round_number}: "
            f"{bye.participant.pairing_number} {bye.participant.name}"
        )
    for c in (
        RatingReportCorrection.objects.filter(tournament=tournament)
        .select_related("board__round")
        .order_by("pk")
    ):
        lines.append(
            f"Rating report correction: round {c.board.round.number} board {c.board.number}: "
            f"{c.board.result} -> {c.result} ({c.reason})"
        )
    return tuple(" " + line.replace("\r", " ").replace("\n", " ") for line in lines)


def _forbidden(tournament: Tournament, ids: dict[int, int]) -> tuple[ForbiddenGroup, ...]:
    """Every forbidden pair with TRF ids, lower id first, in a stable order (by rounds, then ids).

    Ranges are cut to the planned rounds (a pair recorded before the organiser shortened the
    tournament), and a pair that starts after the last round is left out: it can never apply, and
    ``260`` cannot say "rounds 7 to 5". So the file reads back as it was written."""
    total = tournament.rounds_planned
    groups = [
        ForbiddenGroup(
            tuple(sorted((ids[first], ids[second]))),
            first_round or 1,
            None if last_round is None or last_round >= total else last_round,
        )
        for first, second, first_round, last_round in ForbiddenPair.objects.filter(
            tournament=tournament
        ).values_list("first_id", "second_id", "first_round", "last_round")
        if (first_round or 1) <= total
    ]
    return tuple(sorted(set(groups), key=lambda g: (g.first_round, g.last_round or 10_000, g.ids)))


def _trf_ids(participants: list[Participant]) -> dict[int, int]:
    """Participant pk -> TRF starting rank: the pairing number, or the next free numbers (in the
    order the participants are listed) for those who have none yet."""
    ids = {p.pk: p.pairing_number for p in participants if p.pairing_number}
    following = max(ids.values(), default=0)
    for p in participants:
        if p.pk not in ids:
            following += 1
            ids[p.pk] = following
    return ids


def _expelled_comments(participants: list[Participant], ids: dict[int, int]) -> tuple[str, ...]:
    """One ``###`` line per expelled participant (TRF has no record for it): the engine's checker and this
    program's import read it back (:attr:`pairing.engine.trf.TrfTournament.expelled`)."""
    return tuple(
        expelled_comment(ids[p.pk], p.name.replace("\r", " ").replace("\n", " "), p.withdrawn_from_round or 1)
        for p in sorted(participants, key=lambda p: ids[p.pk])
        if p.status == Participant.Status.EXPELLED
    )


def _ranks(tournament: Tournament, data: TournamentRecords) -> dict[int, int]:
    """Participant pk -> rank after the complete rounds, from the standings service.

    Participants whom only the drawing of lots separated share the best rank of their group
    (TRF-2026 allows tied ranks): the lot is the app's own business, and it would not survive a
    round trip through another program. Expelled participants have no place; the rank column, which
    TRF requires, puts them after everyone ranked (a ``###`` line says they are expelled).
    """
    if data.rounds == 0:
        return {}
    result = standings_for_tournament(
        tournament,
        through_round=data.rounds,
        breakdowns=False,
        loaded=(data.participants, data.records),  # read once for the records and the ranks
    )
    after = len(result.rows)
    return shared_ranks(result) | {row.id: after + i for i, row in enumerate(result.expelled, start=1)}


def _round_dates(tournament: Tournament, rounds: int) -> tuple[str, ...]:
    """``132`` round dates ``YY/MM/DD`` from the rounds' publication dates, when all are known."""
    published = list(
        Round.objects.filter(tournament=tournament, number__lte=rounds)
        .order_by("number")
        .values_list("published_at", flat=True)
    )
    if not published or any(at is None for at in published):
        return ()
    return tuple(at.astimezone(UTC).strftime("%y/%m/%d") for at in published)


def _type_code(tournament: Tournament) -> str:
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        return "FIDE_DOUBLEROUNDROBIN" if tournament.double_round_robin else "FIDE_ROUNDROBIN"
    return "FIDE_DUTCH_BAKU" if tournament.acceleration == Tournament.Acceleration.BAKU else "FIDE_DUTCH"


def _trf_date(value: date | None) -> str:
    return value.strftime("%Y/%m/%d") if value else ""
