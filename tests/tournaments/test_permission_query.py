"""The staff permission check is one query whichever role grants access (issue 38: its three role
subqueries are written as SQL once, not built by the ORM on every request); each of the three
roles it reads (the tournament's, the club's, the event's) still counts, and none is a 404."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.http import Http404

from clubs.models import Membership
from tests import factories
from tournaments.models import EventRole, TournamentRole
from tournaments.permissions import ARBITRATE, ORGANISE, VIEW, role_of, tournament_for_user


def _user(name: str):
    return get_user_model().objects.create_user(name, password="pass-word-1")


@pytest.mark.django_db
def test_each_role_is_read_by_the_one_query_of_the_check(django_assert_num_queries):
    club = factories.ClubFactory()
    tournament = factories.TournamentFactory(club=club)
    own, in_club, in_event, nobody = _user("own"), _user("club"), _user("event"), _user("nobody")
    TournamentRole.objects.create(tournament=tournament, user=own, role=TournamentRole.Role.ARBITER)
    Membership.objects.create(club=club, user=in_club, role="organiser")
    EventRole.objects.create(event=tournament.event, user=in_event, role=EventRole.Role.ARBITER)
    for user, level, role in (
        (own, ARBITRATE, "arbiter"),
        (in_club, ORGANISE, "organiser"),
        (in_event, ARBITRATE, "arbiter"),
    ):
        with django_assert_num_queries(1):
            found = tournament_for_user(user, tournament.pk, level)
        assert found.pk == tournament.pk and role_of(user, found) == role
    with django_assert_num_queries(1), pytest.raises(Http404):
        tournament_for_user(nobody, tournament.pk, VIEW)
    # role_of (the same subqueries, asked without loading the tournament) agrees.
    people = (own, in_club, in_event, nobody)
    fresh = [get_user_model().objects.get(pk=user.pk) for user in people]
    assert [role_of(user, tournament) for user in fresh] == ["arbiter", "organiser", "arbiter", None]
