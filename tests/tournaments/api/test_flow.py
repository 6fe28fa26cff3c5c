"""A club evening scripted through the API alone, the way an organiser's script would run it."""

from __future__ import annotations

from rest_framework.test import APIClient

from pairing.engine.trf import parse_trf


def test_a_whole_event_through_the_api(organiser, django_capture_on_commit_callbacks):
    api = APIClient()
    token = api.post("/api/auth/token/", {"username": "olga", "password": "organiser-pass-1"}, format="json")
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")

    event = api.post(
        "/api/tournaments/", {"name": "Tuesday Blitz", "rounds_planned": 3}, format="json"
    ).json()
    base = f"/api/tournaments/{event['id']}/"
    for n, rating in enumerate((2100, 1950, 1800, 1720, 1600)):
        assert (
            api.post(
                base + "participants/", {"name": f"Player {n}", "rating": rating}, format="json"
            ).status_code
            == 201
        )

    for number in (1, 2, 3):
        with django_capture_on_commit_callbacks(execute=True):
            queued = api.post(base + "rounds/pair/")
        assert queued.status_code == 202
        assert api.get(queued["Location"]).json()["status"] == "draft"
        published = api.post(base + f"rounds/{number}/publish/").json()
        assert len(published["boards"]) == 2 and len(published["byes"]) == 1
        for board in published["boards"]:
            saved = api.put(
                base + f"rounds/{number}/boards/{board['number']}/",
                {"result": "1-0", "version": board["version"]},
                format="json",
            )
            assert saved.status_code == 200

    standings = api.get(base + "standings/").json()
    assert standings["through_round"] == 3
    assert sum(float(row["points"]) for row in standings["rows"]) == 3 * (
        2 + 1
    )  # two games and a bye a round
    public = APIClient().get(f"/api/public/{event['public_token']}/standings/").json()
    assert [row["participant"] for row in public["rows"]] == [row["participant"] for row in standings["rows"]]
    report = parse_trf(api.get(base + "export/trf/").content.decode())
    assert report.played_rounds == 3
    assert api.get(base).json()["status"] == "finished"
