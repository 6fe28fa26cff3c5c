"""Issue 22 (archive): an archived tournament is read-only until an organiser restores it.

Every staff write goes through ``require_arbiter`` / ``require_organiser``, which refuse with one
message (``ArchivedError``, a 409); archiving, restoring and deleting stay open to organisers.
"""

from __future__ import annotations

import pytest

from core.errors import ArchivedError
from pairing.services.swiss import round_pair
from reports.services.links import reporting_link_issue
from tournaments.exchange.json_backup import json_export
from tournaments.exchange.trf_export import trf_export
from tournaments.models import AuditLog, Board, Participant, Round, RoundBye, Tournament
from tournaments.permissions import ARCHIVED
from tournaments.public.links import public_token_regenerate
from tournaments.services.lifecycle import tournament_archive, tournament_delete
from tournaments.services.participants.byes import bye_request
from tournaments.services.participants.csv_import import participants_import_csv
from tournaments.services.participants.edits import participant_update
from tournaments.services.participants.forbidden_pairs import forbidden_pair_add
from tournaments.services.participants.registration import participant_register
from tournaments.services.participants.withdrawals import participant_withdraw
from tournaments.services.results import result_record
from tournaments.services.tournaments import role_grant, tiebreaks_change, tournament_update

from .conftest import pair_and_publish, play_round


@pytest.fixture
def archived(swiss, arbiter, organiser) -> Tournament:
    """The Swiss with round 1 played, then archived."""
    play_round(pair_and_publish(swiss, arbiter), arbiter)
    tournament_archive(tournament=swiss, user=organiser)
    return Tournament.objects.get(pk=swiss.pk)


def _first(t: Tournament, number: int = 1) -> Participant:
    return Participant.objects.get(tournament=t, pairing_number=number)


def _board(t: Tournament) -> Board:
    return Board.objects.filter(round__tournament=t).order_by("number").first()


WRITES = {
    "pair": lambda t, u: round_pair(tournament=t, user=u),
    "result": lambda t, u: result_record(
        board=_board(t), user=u, result="0-1", expected_version=_board(t).version
    ),
    "register": lambda t, u: participant_register(tournament=t, user=u, name="Late Larry", rating=1500),
    "edit": lambda t, u: participant_update(participant=_first(t), user=u, rating=1234),
    "withdraw": lambda t, u: participant_withdraw(participant=_first(t), user=u),
    "bye": lambda t, u: bye_request(participant=_first(t), round_number=3, kind="half", user=u),
    "import": lambda t, u: participants_import_csv(
        tournament=t, user=u, text="name\nNew Nora\n", commit=True
    ),
    "keep apart": lambda t, u: forbidden_pair_add(tournament=t, user=u, first=_first(t), second=_first(t, 2)),
    "settings": lambda t, u: tournament_update(tournament=t, user=u, name="Renamed"),
    "tie-breaks": lambda t, u: tiebreaks_change(tournament=t, user=u, codes="BH,SB", reason="typo"),
    "staff": lambda t, u: role_grant(tournament=t, user=u, username="arthur", role="organiser"),
    "public link": lambda t, u: public_token_regenerate(tournament=t, user=u),
    "reporting link": lambda t, u: reporting_link_issue(participant=_first(t), user=u),
}


def _state(t: Tournament) -> tuple:
    t.refresh_from_db()
    return (
        t.name,
        t.version,
        t.public_token,
        t.tiebreaks,
        AuditLog.objects.count(),
        list(Participant.objects.filter(tournament=t).values_list("name", "rating", "status")),
        list(Round.objects.filter(tournament=t).values_list("number", "status")),
        list(Board.objects.filter(round__tournament=t).values_list("result", "version")),
        RoundBye.objects.filter(tournament=t).count(),
    )


@pytest.mark.parametrize("what", list(WRITES))
def test_every_staff_write_to_an_archived_tournament_is_refused_and_changes_nothing(
    archived, organiser, what
):
    before = _state(archived)
    with pytest.raises(ArchivedError) as caught:
        WRITES[what](archived, organiser)
    assert caught.value.message == ARCHIVED == "This tournament is archived; restore it to change it."
    assert caught.value.http_status == 409
    assert _state(archived) == before


def test_a_stranger_is_still_told_they_have_no_role_not_that_it_is_archived(archived, stranger):
    from core.errors import NotAllowedError

    with pytest.raises(NotAllowedError):
        round_pair(tournament=archived, user=stranger)


def test_reading_and_exporting_an_archived_tournament_still_work(archived):
    assert len(json_export(tournament=archived)["participants"]) == 10
    assert trf_export(tournament=archived).startswith("012")


def test_an_organiser_restores_it_and_may_change_it_again(archived, organiser, arbiter):
    tournament_archive(tournament=archived, user=organiser, archived=False)
    restored = Tournament.objects.get(pk=archived.pk)
    assert restored.archived_at is None
    assert participant_register(tournament=restored, user=arbiter, name="Late Larry").participant.pk


def test_an_arbiter_cannot_restore_it(archived, arbiter):
    from core.errors import NotAllowedError

    with pytest.raises(NotAllowedError):
        tournament_archive(tournament=archived, user=arbiter, archived=False)


def test_an_organiser_may_still_delete_an_archived_tournament(archived, organiser):
    tournament_delete(tournament=archived, user=organiser, confirm=archived.name)
    assert not Tournament.objects.filter(pk=archived.pk).exists()


def test_players_cannot_report_a_result_from_their_phone_into_an_archived_tournament(archived):
    from reports.models import ResultReport
    from reports.services.player import report_submit

    board = _board(archived)
    with pytest.raises(ArchivedError, match="archived"):
        report_submit(participant=board.white, board_id=board.pk, result="1-0")
    assert not ResultReport.objects.exists()


@pytest.mark.parametrize("what", [w for w in WRITES if w != "import"])  # refused after round 1 anyway
def test_a_write_racing_the_archive_is_refused_under_the_lock_and_changes_nothing(
    swiss, arbiter, organiser, what
):
    """The permission check reads the tournament as the request found it; an archive committed
    before the write takes the row lock must still refuse it (the lock reads the row again)."""
    play_round(pair_and_publish(swiss, arbiter), arbiter)
    as_the_request_found_it = Tournament.objects.get(pk=swiss.pk)
    tournament_archive(tournament=swiss, user=organiser)  # another organiser, a moment later
    archived = Tournament.objects.get(pk=swiss.pk)
    before = _state(archived)
    with pytest.raises(ArchivedError):
        WRITES[what](as_the_request_found_it, organiser)
    assert _state(archived) == before
