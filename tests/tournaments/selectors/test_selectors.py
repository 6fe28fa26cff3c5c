from __future__ import annotations

from pairing import selectors as pairing_selectors
from tests.tournaments.services.conftest import add_players, pair_and_publish, play_round
from tournaments import selectors
from tournaments.models import RoundBye
from tournaments.services.participants.byes import bye_request
from tournaments.services.participants.numbers import pairing_numbers_assign
from tournaments.services.participants.registration import participant_register
from tournaments.services.tournaments import tournament_create


def test_participant_page_rows_carry_scores_and_byes(tournament, arbiter):
    people = add_players(tournament, 5)
    bye_request(participant=people[0], round_number=2, kind="half", user=arbiter)
    play_round(pair_and_publish(tournament, arbiter), arbiter)
    rows = selectors.participant_page(tournament).rows
    assert [r.participant.pairing_number for r in rows] == [1, 2, 3, 4, 5]
    assert sum(2 * float(r.score.replace("½", ".5") or 0) for r in rows) == 2 * (
        2 + 1
    )  # two games and the bye
    assert [b.kind for b in rows[0].byes] == ["half"]


def test_upcoming_byes_leave_out_published_rounds_and_pairing_byes(tournament, arbiter):
    people = add_players(tournament, 5)
    bye_request(participant=people[0], round_number=1, kind="zero", user=arbiter)
    bye_request(participant=people[1], round_number=3, kind="half", user=arbiter)
    pair_and_publish(tournament, arbiter)
    upcoming = selectors.upcoming_byes(tournament)
    assert [(b.participant.name, b.round_number) for b in upcoming] == [(people[1].name, 3)]
    assert RoundBye.objects.filter(kind="zero").count() == 1


def test_next_round_number_follows_the_rounds(tournament, arbiter):
    add_players(tournament, 4)
    assert selectors.next_round_number(tournament) == 1
    rnd = play_round(pair_and_publish(tournament, arbiter), arbiter)
    assert selectors.next_round_number(tournament) == rnd.number + 1


def test_baku_table_shows_ga_and_virtual_points_for_the_round(organiser, django_assert_max_num_queries):
    t = tournament_create(user=organiser, name="Baku", rounds_planned=9, acceleration="baku")
    add_players(t, 10)
    pairing_numbers_assign(t)
    with django_assert_max_num_queries(4):
        rows = pairing_selectors.baku_table(t, 1)
    assert [r.in_ga for r in rows] == [True] * 6 + [False] * 4
    assert {r.virtual_points for r in rows if r.in_ga} == {"1"}
    assert [r.virtual_points for r in pairing_selectors.baku_table(t, 4)][:6] == ["½"] * 6
    assert {r.virtual_points for r in pairing_selectors.baku_table(t, 6)} == {"0"}


def test_baku_table_is_empty_without_acceleration(tournament):
    assert pairing_selectors.baku_table(tournament, 1) == []


def test_participant_page_carries_its_rows_and_the_field_beside_the_page(tournament, settings):
    settings.PARTICIPANTS_PAGE_SIZE = 2
    add_players(tournament, 5)
    pairing_numbers_assign(tournament)
    listing = selectors.participant_page(tournament, page=2)
    assert [r.participant.pairing_number for r in listing.rows] == [3, 4]
    assert listing.page.number == 2 and listing.page.paginator.count == 5
    assert [p.pairing_number for p in listing.everyone] == [1, 2, 3, 4, 5]
    assert not hasattr(listing.page, "everyone")
    found = selectors.participant_page(tournament, find=listing.rows[0].participant.name)
    assert [r.participant.pk for r in found.rows] == [listing.rows[0].participant.pk]
    assert len(found.everyone) == 5


def test_audit_page_carries_its_rows_beside_the_page(tournament, arbiter):
    for name in ("Ann", "Bob", "Cy"):
        participant_register(tournament=tournament, user=arbiter, name=name)
    log = selectors.audit_page(tournament)
    assert log.page.paginator.count == len(log.rows) == 3
    assert [r.what for r in log.rows] == ["Cy", "Bob", "Ann"]
    assert all(not isinstance(entry, selectors.AuditRow) for entry in log.page.object_list)


def test_the_participants_search_folds_names_like_every_other_search(tournament, arbiter):
    """Issue 33 (3): the staff list finds "Søren Ødegård" by "odegard" and "Łukasz" by "lukasz"."""
    for name in ("Søren Ødegård", "Łukasz Wróbel", "Zoë Škoda"):
        participant_register(tournament=tournament, user=arbiter, name=name)
    for query, name in (("odegard", "Søren Ødegård"), ("lukasz", "Łukasz Wróbel"), ("zoe", "Zoë Škoda")):
        found = selectors.participant_page(tournament, find=query)
        assert [r.participant.name for r in found.rows] == [name]


def test_the_baku_table_leaves_out_who_is_not_paired_that_round(organiser, arbiter):
    """Issue 33 (9): round 2's Baku table does not list a player withdrawn from round 2."""
    from tests.tournaments.services.conftest import pair_and_publish, play_round
    from tournaments.services.participants.withdrawals import participant_withdraw

    t = tournament_create(user=organiser, name="Baku", rounds_planned=9, acceleration="baku")
    people = add_players(t, 10)
    pairing_numbers_assign(t)
    play_round(pair_and_publish(t, organiser), organiser)
    participant_withdraw(participant=people[3], user=organiser)
    names = [r.participant.name for r in pairing_selectors.baku_table(t, 2)]
    assert people[3].name not in names and len(names) == 9
