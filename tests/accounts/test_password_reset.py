"""Password reset sends a real mail (Django's outbox here) whose link sets a new password; the
link points at SITE_URL; and the login page says where to start."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.core import mail

LINK = re.compile(r"(https?)://([^/\s]+)(/accounts/reset/\S+/)")


def test_a_forgotten_password_is_reset_through_the_mailed_link(client, settings, db):
    settings.SITE_URL = "https://chess.example.org"
    settings.DEFAULT_FROM_EMAIL = "Club <club@example.org>"
    user = get_user_model().objects.create_user("olga", email="olga@example.org", password="old-pass-1234")

    login_page = client.get("/accounts/login/").content.decode()
    assert 'href="/accounts/password_reset/"' in login_page
    response = client.post("/accounts/password_reset/", {"email": "olga@example.org"})
    assert response.status_code == 302

    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["olga@example.org"]
    assert message.from_email == "Club <club@example.org>"
    scheme, host, path = LINK.search(message.body).groups()
    assert (scheme, host) == ("https", "chess.example.org")

    form = client.get(path, follow=True)
    assert form.status_code == 200 and form.context["validlink"]
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "brand-new-pass-98", "new_password2": "brand-new-pass-98"},
    )
    assert done.status_code == 302
    user.refresh_from_db()
    assert user.check_password("brand-new-pass-98")
    # The link works once.
    assert not client.get(path, follow=True).context["validlink"]
    assert (
        client.post("/accounts/login/", {"username": "olga", "password": "brand-new-pass-98"}).status_code
        == 302
    )


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, db):
    response = client.post("/accounts/password_reset/", {"email": "nobody@example.org"})
    assert response.status_code == 302
    assert mail.outbox == []
