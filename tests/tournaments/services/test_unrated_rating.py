"""Issue 34: a tournament may give unrated opponents a rating for ARO and TPR (C.07 Art. 10: how
unrated players count is announced before the start). Empty, they are left out as before."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.errors import ValidationFailed
from pairing.standings import standings_for_tournament
from tournaments.models import Board, Participant
from tournaments.services.participants.numbers import pairing_numbers_assign
from tournaments.services.tournaments import tournament_update

from .conftest import add_players, pair_and_publish, play_round


def _aro_of_unrated_opponents(tournament):
    """Each player who met the unrated one: their ARO display."""
    unrated = Participant.objects.get(tournament=tournament, rating=0)
    board = (
        Board.objects.get(round__tournament=tournament, round__number=1, white=unrated)
        if Board.objects.filter(round__tournament=tournament, white=unrated).exists()
        else Board.objects.get(round__tournament=tournament, round__number=1, black=unrated)
    )
    opponent = board.black_id if board.white_id == unrated.pk else board.white_id
    row = standings_for_tournament(tournament).row(opponent)
    return next(v for v in row.tiebreaks if v.code == "ARO")


def test_unrated_opponents_count_with_the_announced_rating(tournament, organiser, arbiter):
    add_players(tournament, 7)
    Participant.objects.create(tournament=tournament, name="Newcomer, Nils", rating=0)
    pairing_numbers_assign(tournament)
    tournament_update(tournament=tournament, user=organiser, tiebreaks="ARO,BH", unrated_rating=1400)
    play_round(pair_and_publish(tournament, arbiter), arbiter)
    counted = _aro_of_unrated_opponents(tournament)
    assert counted.value == 1400 and "counted at 1400" in " ".join(counted.notes)

    # Frozen once round 1 is paired: announced beforehand, as the article asks.
    with pytest.raises(ValidationFailed, match="frozen"):
        tournament_update(tournament=tournament, user=organiser, unrated_rating=1000)


def test_without_a_rating_for_unrated_players_their_games_are_left_out(
    tournament, organiser, arbiter, client
):
    add_players(tournament, 7)
    Participant.objects.create(tournament=tournament, name="Newcomer, Nils", rating=0)
    pairing_numbers_assign(tournament)
    tournament_update(tournament=tournament, user=organiser, tiebreaks="ARO,BH")
    play_round(pair_and_publish(tournament, arbiter), arbiter)
    left_out = _aro_of_unrated_opponents(tournament)
    assert left_out.value == 0 and "not counted" in " ".join(left_out.notes)
    rules = client.get(reverse("public:rules", args=[tournament.public_token])).content.decode()
    assert "Unrated opponents" not in rules


def test_the_rules_page_and_the_settings_form_carry_it(tournament, organiser, client):
    client.force_login(organiser)
    url = reverse("tournaments:settings", kwargs={"tournament_id": tournament.pk})
    assert 'name="unrated_rating"' in client.get(url).content.decode()
    tournament_update(tournament=tournament, user=organiser, unrated_rating=1000)
    client.logout()
    rules = client.get(reverse("public:rules", args=[tournament.public_token])).content.decode()
    assert "count as rated 1000" in rules
    # An explicit empty value clears it (before round 1); other settings left out keep theirs.
    tournament_update(tournament=tournament, user=organiser, unrated_rating=None)
    tournament.refresh_from_db()
    assert tournament.unrated_rating is None


def test_the_fide_page_warns_when_rating_tiebreaks_meet_unrated_players_without_a_rating(
    tournament, organiser, client
):
    add_players(tournament, 3)
    Participant.objects.create(tournament=tournament, name="Newcomer, Nils", rating=0)
    url = reverse("tournaments:fide", kwargs={"tournament_id": tournament.pk})
    client.force_login(organiser)
    assert 'id="unrated-rating-missing"' not in client.get(url).content.decode()  # no ARO/TPR listed
    tournament_update(tournament=tournament, user=organiser, tiebreaks="BH,ARO")
    page = client.get(url).content.decode()
    assert 'id="unrated-rating-missing"' in page and "1 player is unrated" in page
    tournament_update(tournament=tournament, user=organiser, unrated_rating=1200)
    assert 'id="unrated-rating-missing"' not in client.get(url).content.decode()


def test_the_trf_carries_it_and_the_checker_ranks_with_it(tournament, organiser, arbiter, tmp_path):
    """An exported file's ranks come from ARO with unrated opponents at 1400: the checker must rank
    with the same rating (a ``###`` line says it, and ``--unrated-rating`` overrides it), or it
    reports the app's own standings as wrong; an import reads the setting back."""
    import io

    from pairing.engine.checker import check_tournament
    from pairing.engine.cli import main
    from pairing.engine.trf.read import parse_trf
    from tournaments.exchange.trf_export import trf_export
    from tournaments.exchange.trf_import import trf_import

    add_players(tournament, 9, start_rating=1500)
    Participant.objects.create(tournament=tournament, name="Newcomer, Nils", rating=0)
    pairing_numbers_assign(tournament)
    tournament_update(tournament=tournament, user=organiser, tiebreaks="ARO,BH", unrated_rating=2600)
    for _ in range(3):
        play_round(pair_and_publish(tournament, arbiter), arbiter)
    text = trf_export(tournament=tournament)
    assert "### Unrated players count in ARO and TPR at 2600" in text
    parsed = parse_trf(text)
    report = check_tournament(parsed)
    assert report.standings_checked and not report.findings, report.findings
    # Without the line the same ranks are wrong somewhere: the rating decides them.
    bare = parse_trf("\n".join(line for line in text.splitlines() if "Unrated players" not in line))
    assert check_tournament(bare).findings
    assert not check_tournament(bare, unrated_rating=2600).findings
    # The command line: Gacrux's -u as --unrated-rating.
    plain = tmp_path / "plain.trf"
    plain.write_text("\r".join(line for line in text.splitlines() if "Unrated players" not in line))
    assert main(["--check", str(plain)], stdout=io.StringIO(), stderr=io.StringIO()) == 1
    assert (
        main(["--check", str(plain), "--unrated-rating", "2600"], stdout=io.StringIO(), stderr=io.StringIO())
        == 0
    )

    imported = trf_import(text=text, owner=organiser)
    assert imported.tournament.unrated_rating == 2600
