"""Baku late entries through the app's own pairing service (FIDE C.04.7 1.2-1.3).

The round-1 split counts the participants of round 1 only: someone registered to join in round 2
is not part of it. The last GA participant then stays the same, so a late entry ranked above them
joins GA (which becomes odd) and one ranked below joins GB; nobody gets virtual points for a round
before they joined.
"""

from __future__ import annotations

from pairing.services.execute import round_pair_execute
from pairing.services.swiss import round_pair, round_publish
from tournaments.models import Board, Participant, Round
from tournaments.services.participants.registration import late_entry
from tournaments.services.results import result_record
from tournaments.services.tournaments import tournament_create


def _pair(tournament, user) -> Round:
    rnd = round_pair(tournament=tournament, user=user)
    round_pair_execute(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.DRAFT, rnd.error
    return rnd


def test_late_entries_above_and_below_the_last_ga_participant_get_fide_virtual_points(organiser):
    # 5 rounds: rounds 1-3 accelerated, a win (2 half-points) before rounds 1-2, a draw before 3.
    t = tournament_create(
        user=organiser, name="Baku open", rounds_planned=5, acceleration="baku", lots_seed=3
    )
    founders = [
        Participant.objects.create(tournament=t, name=f"Founder {i}", rating=2200 - 10 * i)
        for i in range(1, 9)
    ]
    # Two players announced before round 1 that they join in round 2: one above, one below GA's end.
    top = late_entry(
        tournament=t, user=organiser, joined_round=2, name="Late strong", rating=2500
    ).participant
    low = late_entry(tournament=t, user=organiser, joined_round=2, name="Late weak", rating=1500).participant

    first = _pair(t, organiser)
    t.refresh_from_db()
    # Eight participants play round 1: GA is 2 * ceil(8 / 4) = 4 of them, closed by the 4th founder.
    assert t.baku_last_ga_id == founders[3].pk
    assert first.explanation["baku"]["virtual_points"] == {str(p.pk): 2 for p in founders[:4]} | {
        str(top.pk): 0
    }

    round_publish(round=first, user=organiser)
    for board in Board.objects.filter(round=first):
        result_record(board=board, user=organiser, result=Board.Result.DRAW, expected_version=board.version)

    second = _pair(t, organiser)
    t.refresh_from_db()
    assert t.baku_last_ga_id == founders[3].pk
    ga = {top.pk, *(p.pk for p in founders[:4])}
    assert set(second.explanation["baku"]["ga"]) == ga  # five: GA became odd
    assert second.explanation["baku"]["virtual_points"] == {str(pk): 2 for pk in ga}
    assert low.pk not in ga
