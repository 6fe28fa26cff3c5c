"""List endpoints come a page at a time: the body stays the plain list, the total is in
X-Total-Count and the neighbouring pages in Link; a client cannot ask for more than 1,000 rows."""

from __future__ import annotations

from tests import factories
from tournaments.api.base import HeaderPagination


def test_participants_a_page_at_a_time(event, organiser_api):
    for n in range(11, 36):
        factories.ParticipantFactory(tournament=event, pairing_number=n)
    url = f"/api/tournaments/{event.pk}/participants/"
    whole = organiser_api.get(url)
    assert whole["X-Total-Count"] == "35" and len(whole.json()) == 35 and "Link" not in whole
    page = organiser_api.get(url, {"limit": 10, "offset": 10})
    assert [p["id"] for p in page.json()] == [p["id"] for p in whole.json()[10:20]]
    assert page["X-Total-Count"] == "35"
    assert 'rel="next"' in page["Link"] and 'rel="prev"' in page["Link"] and "offset=20" in page["Link"]


def test_a_page_is_never_larger_than_the_maximum(event, organiser_api):
    assert HeaderPagination.max_limit == 1000
    response = organiser_api.get(f"/api/tournaments/{event.pk}/byes/", {"limit": 10**9})
    assert response.status_code == 200
    assert response.get("Link") is None  # all eight byes fit on the (capped) page


def test_the_schema_documents_the_page_parameters(organiser_api):
    schema = organiser_api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    params = {
        p["name"]
        for p in schema["paths"]["/api/tournaments/{tournament_id}/participants/"]["get"]["parameters"]
    }
    assert {"limit", "offset"} <= params
