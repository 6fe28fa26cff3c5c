"""Withdrawals: games stand, no more pairings, round robin games settled."""

from __future__ import annotations

import pytest

from core.errors import ValidationFailed
from pairing.services.round_robin import tournament_start
from tournaments.models import AuditLog, Board, Participant, Round, RoundBye
from tournaments.services.participants.byes import absence_mark, bye_request
from tournaments.services.participants.withdrawals import participant_withdraw, withdrawal_undo
from tournaments.services.tournaments import tournament_create

from .conftest import add_players, pair_and_publish, play_round


def test_a_withdrawn_player_keeps_their_games_and_is_left_out_of_the_next_pairing(tournament, arbiter):
    people = add_players(tournament, 6)
    rnd = play_round(pair_and_publish(tournament, arbiter), arbiter)
    leaver = people[0]
    participant_withdraw(participant=leaver, user=arbiter)
    leaver.refresh_from_db()
    assert (leaver.status, leaver.withdrawn_from_round) == ("withdrawn", 2)
    assert (
        Board.objects.filter(round=rnd, white=leaver).exists()
        or Board.objects.filter(round=rnd, black=leaver).exists()
    )
    rnd2 = pair_and_publish(tournament, arbiter)
    paired = set(Board.objects.filter(round=rnd2).values_list("white_id", "black_id"))
    assert leaver.pk not in {pk for pair in paired for pk in pair}
    assert not RoundBye.objects.filter(participant=leaver, round_number=2).exists()
    with pytest.raises(ValidationFailed, match="already withdrawn"):
        participant_withdraw(participant=leaver, user=arbiter)


@pytest.mark.parametrize(("rule", "expected"), [("forfeit", {"+/-", "-/+"}), ("unplayed", {"0-0"})])
def test_a_round_robin_withdrawal_settles_the_remaining_games(organiser, rule, expected):
    t = tournament_create(user=organiser, name="Closed", format="round_robin", withdrawal_games=rule)
    people = add_players(t, 4)
    tournament_start(tournament=t, user=organiser)
    play_round(Round.objects.get(tournament=t, number=1), organiser)
    participant_withdraw(participant=people[0], user=organiser)
    later = Board.objects.filter(round__tournament=t, round__number__gte=2)
    theirs = later.filter(white=people[0]) | later.filter(black=people[0])
    assert theirs.count() == 2
    assert set(theirs.values_list("result", flat=True)) <= expected
    for board in theirs:
        if rule == "forfeit":
            winner_is_white = board.black_id == people[0].pk
            assert board.result == ("+/-" if winner_is_white else "-/+")
    assert later.exclude(pk__in=theirs).filter(result="").count() == 2


def test_undoing_a_withdrawal_restores_the_requested_byes_it_dropped_for_rounds_not_yet_paired(
    swiss, arbiter
):
    p = Participant.objects.get(tournament=swiss, pairing_number=3)
    bye_request(participant=p, round_number=2, kind=RoundBye.Kind.HALF_POINT, user=arbiter)
    bye_request(participant=p, round_number=3, kind=RoundBye.Kind.HALF_POINT, user=arbiter)
    absence_mark(participant=p, round_number=4, user=arbiter)
    play_round(pair_and_publish(swiss, arbiter), arbiter)
    participant_withdraw(participant=p, user=arbiter)  # from round 2: drops the byes of 2, 3 and 4
    assert not RoundBye.objects.filter(participant=p).exists()
    dropped = AuditLog.objects.get(action="participant_withdraw", object_id=str(p.pk)).after["byes_dropped"]
    assert sorted(map(tuple, dropped)) == [(2, "half", 1), (3, "half", 1), (4, "absent", 0)]
    play_round(pair_and_publish(swiss, arbiter), arbiter)  # round 2 goes on without them
    withdrawal_undo(participant=p, user=arbiter)
    # Round 2 was paired without them: an absence. Rounds 3 and 4 are not paired: their byes return.
    assert sorted(RoundBye.objects.filter(participant=p).values_list("round_number", "kind", "points")) == [
        (2, "absent", 0),
        (3, "half", 1),
        (4, "absent", 0),
    ]
    undo = AuditLog.objects.get(action="withdrawal_undo", object_id=str(p.pk))
    assert sorted(map(tuple, undo.after["byes_restored"])) == [(3, "half", 1), (4, "absent", 0)]
