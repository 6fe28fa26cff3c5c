"""A tournament lasting more than 30 days (FIDE's endorsement checklist, Q210-216): the flag, several
ratings per player linked to the rounds they apply in, rating tie-breaks counted with the first rating
(C.07 Art. 10's default), the rating valid in each round or the rating valid in a chosen round, and a
warning that rating tie-breaks are not recommended then."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from core.errors import ValidationFailed
from pairing.standings import standings_for_tournament
from ratings.models import RatedPlayer
from tournaments.exchange.json_backup import json_export, json_import
from tournaments.exchange.trf_export import trf_export
from tournaments.exchange.trf_import import trf_import
from tournaments.models import AuditLog, Board, Participant, ParticipantRating
from tournaments.selectors.tournaments import long_tournament_rating_tiebreaks
from tournaments.services.participants.later_ratings import (
    later_ratings_from_fide_list,
    later_ratings_from_text,
    later_ratings_set,
)
from tournaments.services.participants.numbers import pairing_numbers_assign
from tournaments.services.tournaments import tournament_update

from .conftest import add_players, pair_and_publish, play_round


def _long(tournament, organiser, **settings):
    tournament_update(
        tournament=tournament, user=organiser, tiebreaks="ARO,TPR,BH", long_tournament=True, **settings
    )
    tournament.refresh_from_db()


def test_the_rating_basis_needs_the_flag_and_a_chosen_round_and_freezes_at_round_1(
    tournament, organiser, arbiter
):
    add_players(tournament, 6)
    pairing_numbers_assign(tournament)
    with pytest.raises(ValidationFailed, match="more than 30 days"):
        tournament_update(tournament=tournament, user=organiser, rating_basis="round")
    with pytest.raises(ValidationFailed, match="Choose the round"):
        tournament_update(tournament=tournament, user=organiser, long_tournament=True, rating_basis="chosen")
    _long(tournament, organiser, rating_basis="chosen", rating_basis_round=3)
    assert (tournament.rating_basis, tournament.rating_basis_round) == ("chosen", 3)
    pair_and_publish(tournament, arbiter)
    with pytest.raises(ValidationFailed, match="frozen"):
        tournament_update(
            tournament=tournament, user=organiser, rating_basis="round", rating_basis_round=None
        )


def test_later_ratings_are_entered_by_pairing_number_or_fide_id_and_audited(tournament, organiser, arbiter):
    people = add_players(tournament, 4)
    pairing_numbers_assign(tournament)
    Participant.objects.filter(pk=people[3].pk).update(fide_id="4100018")
    changed = later_ratings_from_text(
        tournament=tournament, user=arbiter, from_round=3, text="number,rating\n1, 2250\n4100018,2111\n"
    )
    assert changed == 2
    assert dict(ParticipantRating.objects.values_list("participant_id", "rating")) == {
        people[0].pk: 2250,
        people[3].pk: 2111,
    }
    assert AuditLog.objects.filter(action="later_ratings_set").count() == 1
    # An empty rating removes it; a wrong line or round changes nothing.
    later_ratings_from_text(tournament=tournament, user=arbiter, from_round=3, text="1,\n")
    assert list(ParticipantRating.objects.values_list("participant_id", flat=True)) == [people[3].pk]
    with pytest.raises(ValidationFailed, match="no participant"):
        later_ratings_from_text(tournament=tournament, user=arbiter, from_round=3, text="2,2000\n77,1900\n")
    with pytest.raises(ValidationFailed, match="from round 2"):
        later_ratings_set(tournament=tournament, user=arbiter, from_round=1, ratings={people[1].pk: 2000})
    assert ParticipantRating.objects.count() == 1


def test_later_ratings_from_the_fide_list(tournament, arbiter):
    people = add_players(tournament, 3)
    Participant.objects.filter(pk=people[1].pk).update(fide_id="1503014")
    RatedPlayer.objects.create(
        fide_id=1503014, name="Carlsen, Magnus", search_key="carlsen magnus", standard_rating=2830, checksum=1
    )
    assert later_ratings_from_fide_list(tournament=tournament, user=arbiter, from_round=2) == 1
    assert ParticipantRating.objects.get().rating == 2830


def _aro(tournament, pid):
    return next(v for v in standings_for_tournament(tournament).row(pid).tiebreaks if v.code == "ARO")


def test_the_standings_count_the_rating_the_settings_choose(tournament, organiser, arbiter):
    """Round 1 is paired and played; every opponent gets a rating 100 higher from round 1... of the
    next list (from round 2): the first rating counts by default, and the later one only when the basis
    says so and the round is covered."""
    people = add_players(tournament, 6)
    pairing_numbers_assign(tournament)
    _long(tournament, organiser, rating_basis="round")
    play_round(pair_and_publish(tournament, arbiter), arbiter)
    play_round(pair_and_publish(tournament, arbiter), arbiter)
    later_ratings_set(
        tournament=tournament, user=arbiter, from_round=2, ratings={p.pk: p.rating + 100 for p in people}
    )
    player = people[0]
    first = round(sum(_opponent_ratings(tournament, player)) / 2)
    assert _aro(tournament, player.pk).value == first + 50  # round 2's opponent counts 100 more
    assert any("the rating valid in round 2" in note for note in _aro(tournament, player.pk).notes)
    # Not marked as long: everyone's one rating, whatever is stored.
    type(tournament).objects.filter(pk=tournament.pk).update(long_tournament=False, rating_basis="first")
    tournament.refresh_from_db()
    assert _aro(tournament, player.pk).value == first


def _opponent_ratings(tournament, player):
    ratings = []
    for board in Board.objects.filter(round__tournament=tournament).select_related("white", "black"):
        if player.pk in (board.white_id, board.black_id):
            ratings.append(board.black.rating if board.white_id == player.pk else board.white.rating)
    return ratings


def test_settings_and_fide_pages_warn_against_rating_tiebreaks(tournament, organiser, client):
    client.force_login(organiser)
    pages = [
        reverse("tournaments:settings", kwargs={"tournament_id": tournament.pk}),
        reverse("tournaments:fide", kwargs={"tournament_id": tournament.pk}),
    ]
    tournament_update(tournament=tournament, user=organiser, tiebreaks="ARO,BH")
    assert all("long-tournament-rating-tiebreaks" not in client.get(p).content.decode() for p in pages)
    # Dated over 30 days: the warning, before the flag is even set.
    tournament_update(
        tournament=tournament,
        user=organiser,
        start_date=datetime.date(2026, 10, 1),
        end_date=datetime.date(2026, 11, 15),
    )
    tournament.refresh_from_db()
    assert long_tournament_rating_tiebreaks(tournament) == ["ARO"]
    for page in pages:
        text = client.get(page).content.decode()
        assert 'id="long-tournament-rating-tiebreaks"' in text and "FIDE does not recommend" in text
    settings_page = client.get(pages[0]).content.decode()
    assert 'name="long_tournament"' in settings_page and 'name="rating_basis_round"' in settings_page
    # No rating tie-break, no warning.
    tournament_update(tournament=tournament, user=organiser, tiebreaks="BH,SB")
    assert all("long-tournament-rating-tiebreaks" not in client.get(p).content.decode() for p in pages)


def test_the_ratings_by_round_page(tournament, organiser, arbiter, client):
    people = add_players(tournament, 3)
    pairing_numbers_assign(tournament)
    _long(tournament, organiser)
    client.force_login(arbiter)
    page = reverse("tournaments:later_ratings", kwargs={"tournament_id": tournament.pk})
    participants = client.get(reverse("tournaments:participants", kwargs={"tournament_id": tournament.pk}))
    assert page in participants.content.decode()
    answer = client.post(page, {"from_round": 2, "source": "text", "text": "2, 2333"}, follow=True)
    assert "2333 from round 2" in answer.content.decode()
    assert ParticipantRating.objects.get(participant=people[1]).rating == 2333
    refused = client.post(page, {"from_round": 2, "source": "text", "text": "9, 2333"})
    assert refused.status_code == 400 and "no participant" in refused.content.decode()


def test_backup_and_trf_keep_the_ratings_and_the_basis(tournament, organiser, arbiter):
    people = add_players(tournament, 4)
    pairing_numbers_assign(tournament)
    _long(tournament, organiser, rating_basis="chosen", rating_basis_round=4)
    later_ratings_set(tournament=tournament, user=arbiter, from_round=4, ratings={people[2].pk: 1999})
    backup = json_export(tournament=tournament)
    assert backup["tournament"]["rating_basis_round"] == 4
    assert [p.get("round_ratings") for p in backup["participants"]].count(
        [{"from_round": 4, "rating": 1999}]
    ) == 1
    restored = json_import(data=backup, owner=organiser).tournament
    assert (restored.long_tournament, restored.rating_basis, restored.rating_basis_round) == (
        True,
        "chosen",
        4,
    )
    assert list(
        ParticipantRating.objects.filter(participant__tournament=restored).values_list("rating", flat=True)
    ) == [1999]
    bad = json_export(tournament=tournament)
    bad["participants"][0]["round_ratings"] = [{"from_round": 1, "rating": 1800}]
    with pytest.raises(ValidationFailed, match="round_ratings"):
        json_import(data=bad, owner=organiser)

    text = trf_export(tournament=tournament)
    assert "### Long tournament (over 30 days): rating tie-breaks count the rating valid from round 4" in text
    assert f"### Rating from round 4: 3 1999 {people[2].name}" in text
    again = trf_import(text=text, owner=organiser).tournament
    assert (again.long_tournament, again.rating_basis, again.rating_basis_round) == (True, "chosen", 4)
    assert list(
        ParticipantRating.objects.filter(participant__tournament=again).values_list(
            "participant__pairing_number", "from_round", "rating"
        )
    ) == [(3, 4, 1999)]


def test_the_checker_ranks_an_exported_file_with_its_later_ratings(tournament, organiser, arbiter):
    """The file's ranks come from ARO with the ratings valid in each round: our checker reads the ``###``
    lines and ranks the same way; without them it would find the app's standings wrong."""
    from pairing.engine.checker import check_tournament
    from pairing.engine.trf.read import parse_trf

    people = add_players(tournament, 10, start_rating=1500)
    pairing_numbers_assign(tournament)
    _long(tournament, organiser, rating_basis="round")
    tournament_update(tournament=tournament, user=organiser, tiebreaks="ARO,BH")
    play_round(pair_and_publish(tournament, arbiter), arbiter)
    later_ratings_set(
        tournament=tournament,
        user=arbiter,
        from_round=2,
        ratings={p.pk: 2400 - 97 * i for i, p in enumerate(reversed(people))},
    )
    for _ in range(2):
        play_round(pair_and_publish(tournament, arbiter), arbiter, result=Board.Result.DRAW)
    text = trf_export(tournament=tournament)
    report = check_tournament(parse_trf(text))
    assert report.standings_checked and not report.findings, report.findings
    bare = parse_trf("\n".join(line for line in text.splitlines() if "Rating from round" not in line))
    assert check_tournament(bare).findings


def test_the_rules_page_announces_which_rating_counts(tournament, organiser, client):
    """C.07 Art. 10: how rating tie-breaks count is announced beforehand; the public rules say it."""
    rules = reverse("public:rules", args=[tournament.public_token])
    assert 'id="rating-basis"' not in client.get(rules).content.decode()
    _long(tournament, organiser, rating_basis="chosen", rating_basis_round=5)
    assert "rating valid in round 5" in client.get(rules).content.decode()
    tournament_update(tournament=tournament, user=organiser, rating_basis="round", rating_basis_round=None)
    assert "valid in the round of the game" in client.get(rules).content.decode()


def test_the_api_sets_and_shows_the_long_tournament_settings(tournament, organiser):
    from tests.tournaments.api.conftest import token_client

    api = token_client(organiser)
    url = f"/api/tournaments/{tournament.pk}/"
    answer = api.patch(
        url, {"long_tournament": True, "rating_basis": "chosen", "rating_basis_round": 2}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert (
        answer.json()["long_tournament"],
        answer.json()["rating_basis"],
        answer.json()["rating_basis_round"],
    ) == (
        True,
        "chosen",
        2,
    )
    refused = api.patch(url, {"rating_basis": "chosen", "rating_basis_round": None}, format="json")
    assert refused.status_code == 400 and "Choose the round" in refused.json()["detail"]
