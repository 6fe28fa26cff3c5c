"""Standings with tie-breaks."""

from __future__ import annotations

import pytest

from pairing.standings import standings_for_tournament


def url(t) -> str:
    return f"/api/tournaments/{t.pk}/standings/"


@pytest.mark.parametrize(("who", "status"), [("anonymous", 401), ("stranger", 404), ("arbiter", 200)])
def test_who_may_read_the_standings(event, clients, who, status):
    assert clients[who].get(url(event)).status_code == status


def test_standings_match_the_standings_service(event, organiser_api):
    body = organiser_api.get(url(event)).json()
    expected = standings_for_tournament(event)
    assert body["through_round"] == 4
    assert body["tiebreaks"] == ["DE", "BH-C1", "BH", "SB", "WIN"]
    assert [(r["rank"], r["participant"], r["points"]) for r in body["rows"]] == [
        (row.rank, row.id, row.points_display) for row in expected.rows
    ]
    first = body["rows"][0]
    assert [t["code"] for t in first["tiebreaks"]] == body["tiebreaks"]
    assert first["tiebreaks"][2]["summary"].startswith("Buchholz")


def test_standings_after_an_earlier_round(event, organiser_api):
    body = organiser_api.get(url(event), {"round": 1}).json()
    assert body["through_round"] == 1
    points = {r["pairing_number"]: r["points"] for r in body["rows"]}
    assert (points[1], points[9], points[10]) == ("1.0", "1.0", "0.0")


@pytest.mark.parametrize("value", ["0", "abc", "77"])
def test_a_bad_round_is_a_400(event, organiser_api, value):
    response = organiser_api.get(url(event), {"round": value})
    assert response.status_code == 400


def test_standings_the_engine_cannot_compute_are_a_409_not_a_500(tournament, organiser_api, anon_api):
    """Participants made without pairing numbers (registration assigns them; this bypasses it)."""
    tournament.participants.create(name="Ann")
    tournament.participants.create(name="Bob")
    staff = organiser_api.get(url(tournament))
    public = anon_api.get(f"/api/public/{tournament.public_token}/standings/")
    assert (staff.status_code, public.status_code) == (409, 409)
    assert "pairing number" in staff.json()["detail"]


def test_standings_before_round_one(tournament, organiser_api, arbiter):
    from tournaments.services.participants.registration import participant_register

    for name in ("Ann", "Bob", "Cid"):
        participant_register(tournament=tournament, user=arbiter, name=name)
    body = organiser_api.get(url(tournament)).json()
    assert body["through_round"] == 0
    assert [row["points"] for row in body["rows"]] == ["0.0", "0.0", "0.0"]


def test_the_public_standings_from_the_cache_match_the_staff_standings_from_the_engine(
    event, organiser_api, anon_api
):
    staff = organiser_api.get(url(event)).json()
    public = anon_api.get(f"/api/public/{event.public_token}/standings/").json()
    again = anon_api.get(f"/api/public/{event.public_token}/standings/").json()  # from the cache
    assert public == staff
    assert again == staff


def test_the_hand_written_output_matches_the_declared_fields(event):
    from rest_framework import serializers

    from pairing.standings import standings_for_api
    from tournaments.api.serializers import StandingsOutput

    for table in (standings_for_tournament(event), standings_for_tournament(event, through_round=1)):
        by_fields = serializers.Serializer.to_representation(StandingsOutput(), table)
        assert StandingsOutput(table).data == by_fields
        assert list(StandingsOutput(table).data["rows"][0]) == list(by_fields["rows"][0])
    public = standings_for_api(event)
    assert StandingsOutput(public).data == serializers.Serializer.to_representation(StandingsOutput(), public)


def test_the_standings_are_computed_once_per_change_not_per_request(event, organiser_api, monkeypatch):
    """Issue 20: every call ran the engine (a second of CPU for 5,000 players, for anyone with a
    role to repeat). Now the JSON is cached: the default standings per standings version, a
    chosen round (which may be the one in play) per version of the tournament."""
    from pairing import standings as read_model
    from tournaments.models import Tournament
    from tournaments.services.versions import tournament_changed

    runs = []
    real = read_model.standings_for_tournament
    monkeypatch.setattr(
        read_model, "standings_for_tournament", lambda t, **kw: runs.append(kw) or real(t, **kw)
    )
    first = organiser_api.get(url(event))
    assert organiser_api.get(url(event)).content == first.content
    assert first["Content-Type"] == "application/json" and len(runs) == 1
    organiser_api.get(url(event), {"round": 1})
    organiser_api.get(url(event), {"round": 1})
    assert len(runs) == 2
    tournament_changed(event.pk, standings=False)  # a result in a round still in play
    event = Tournament.objects.get(pk=event.pk)
    organiser_api.get(url(event))
    organiser_api.get(url(event), {"round": 1})
    assert len(runs) == 3  # the chosen round again, the default standings not
    tournament_changed(event.pk)  # a change the standings show
    assert organiser_api.get(url(event)).json() == first.json()
    assert len(runs) == 4
