from __future__ import annotations


def test_the_swiss_help_page_is_public_and_says_how_the_app_behaves(client):
    response = client.get("/help/swiss/")
    body = response.content.decode()
    assert response.status_code == 200
    for phrase in [
        "lowest-placed player who has not had one yet",
        "virtual opponent",
        "least important rule",
        "paired only when every result is in",
        "65 to 128",
        "Direct encounter",
    ]:
        assert phrase in body
    assert "<script>" not in body and "style=" not in body
