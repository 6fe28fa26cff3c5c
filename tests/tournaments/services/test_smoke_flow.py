from tournaments.models import Board, Round
from .conftest import pair_and_publish, play_round


def test_five_rounds_can_be_paired_and_played(swiss, arbiter):
    for n in range(1, 6):
        rnd = pair_and_publish(swiss, arbiter)
        assert rnd.number == n
        assert Board.objects.filter(round=rnd).count() == 5
        play_round(rnd, arbiter)
        assert rnd.status == Round.Status.FINISHED
    swiss.refresh_from_db()
    assert swiss.status == "finished"
