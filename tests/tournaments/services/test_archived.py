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
    assert "\r012 " in trf_export(tournament=archived)


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


# Issue 33 (review): every other staff write path, each refused on an archived tournament. A draft
# round 2, a requested bye, a pair kept apart, a withdrawn player, a never-paired entry and a
# second staff member exist before the archive, so each write has something to act on.


@pytest.fixture
def archived_more(swiss, arbiter, organiser) -> Tournament:
    from pairing.services.execute import round_pair_execute
    from tournaments.models import TournamentRole

    play_round(pair_and_publish(swiss, arbiter), arbiter)
    round_pair_execute(round_id=round_pair(tournament=swiss, user=arbiter).pk)
    bye_request(participant=_first(swiss, 9), round_number=3, kind="half", user=arbiter)
    forbidden_pair_add(tournament=swiss, user=arbiter, first=_first(swiss), second=_first(swiss, 2))
    participant_withdraw(participant=_first(swiss, 10), user=arbiter, from_round=3)
    participant_register(tournament=swiss, user=organiser, name="Never Paired")
    role_grant(tournament=swiss, user=organiser, username="arthur", role="organiser")
    assert TournamentRole.objects.filter(tournament=swiss).exists()
    tournament_archive(tournament=swiss, user=organiser)
    return Tournament.objects.get(pk=swiss.pk)


def _draft(t: Tournament) -> Round:
    return Round.objects.get(tournament=t, number=2)


def _draft_board(t: Tournament, number: int = 1) -> Board:
    return Board.objects.get(round__tournament=t, round__number=2, number=number)


def _played_board(t: Tournament) -> Board:
    return Board.objects.get(round__tournament=t, round__number=1, number=1)


def _more_writes():
    from pairing.services.drafts import board_swap_colours, boards_exchange_opponents
    from pairing.services.swiss import round_delete, round_publish, round_repair
    from reports.services.arbiter import reporting_settings_update, reports_accept_confirmed
    from reports.services.links import reporting_link_revoke, reporting_links_issue_missing
    from tournaments.models import ForbiddenPair, TournamentRole
    from tournaments.services.participants.byes import absence_mark, bye_cancel
    from tournaments.services.participants.edits import participant_delete
    from tournaments.services.participants.registration import late_entry
    from tournaments.services.participants.roster import (
        participant_register_with_roster,
        ratings_refresh_from_roster,
    )
    from tournaments.services.participants.withdrawals import withdrawal_undo
    from tournaments.services.results import result_record_slip
    from tournaments.services.tournaments import role_revoke

    return {
        "publish": lambda t, u: round_publish(round=_draft(t), user=u),
        "delete draft": lambda t, u: round_delete(round=_draft(t), user=u),
        "pair again": lambda t, u: round_repair(round=_draft(t), user=u),
        "swap colours": lambda t, u: board_swap_colours(board=_draft_board(t), user=u),
        "exchange opponents": lambda t, u: boards_exchange_opponents(
            board_a=_draft_board(t, 1), board_b=_draft_board(t, 2), user=u
        ),
        "result slip": lambda t, u: result_record_slip(
            round=Round.objects.get(tournament=t, number=1), number=1, user=u, result="0-1", confirm=True
        ),
        "correction": lambda t, u: result_record(
            board=_played_board(t), user=u, result="0-1", expected_version=_played_board(t).version
        ),
        "undo withdrawal": lambda t, u: withdrawal_undo(participant=_first(t, 10), user=u),
        "cancel bye": lambda t, u: bye_cancel(bye=RoundBye.objects.get(tournament=t, round_number=3), user=u),
        "absence": lambda t, u: absence_mark(participant=_first(t, 3), round_number=4, user=u),
        "stop keeping apart": lambda t, u: forbidden_pair_remove(
            pair=ForbiddenPair.objects.get(tournament=t), user=u
        ),
        "remove player": lambda t, u: participant_delete(
            participant=Participant.objects.get(tournament=t, name="Never Paired"), user=u
        ),
        "late entry": lambda t, u: late_entry(tournament=t, user=u, name="Late Lou"),
        "register (roster)": lambda t, u: participant_register_with_roster(
            tournament=t, user=u, name="Ros Ter"
        ),
        "ratings from roster": lambda t, u: ratings_refresh_from_roster(tournament=t, user=u),
        "revoke role": lambda t, u: role_revoke(
            tournament=t, user=u, role_id=TournamentRole.objects.filter(tournament=t).first().pk
        ),
        "reporting settings": lambda t, u: reporting_settings_update(
            tournament=t, user=u, auto_accept_confirmed=True
        ),
        "revoke reporting link": lambda t, u: reporting_link_revoke(participant=_first(t), user=u),
        "issue missing links": lambda t, u: reporting_links_issue_missing(tournament=t, user=u),
        "accept confirmed reports": lambda t, u: reports_accept_confirmed(
            round=Round.objects.get(tournament=t, number=1), user=u
        ),
    }


def forbidden_pair_remove(*, pair, user):
    from tournaments.services.participants.forbidden_pairs import forbidden_pair_remove as remove

    return remove(pair=pair, user=user)


@pytest.mark.parametrize("what", list(_more_writes()))
def test_every_other_staff_write_to_an_archived_tournament_is_refused_and_changes_nothing(
    archived_more, organiser, what
):
    before = _state(archived_more)
    with pytest.raises(ArchivedError):
        _more_writes()[what](archived_more, organiser)
    assert _state(archived_more) == before


def test_starting_an_archived_round_robin_is_refused(organiser):
    from pairing.services.round_robin import tournament_start
    from tests.tournaments.services.conftest import add_players
    from tournaments.services.tournaments import tournament_create

    t = tournament_create(
        user=organiser, name="Closed", format="round_robin", lots_seed=7, pairing_numbers="lot"
    )
    add_players(t, 6)
    tournament_archive(tournament=t, user=organiser)
    with pytest.raises(ArchivedError):
        tournament_start(tournament=Tournament.objects.get(pk=t.pk), user=organiser)
    assert not Round.objects.filter(tournament=t).exists()
