"""Account mails after the answer (accounts.mails): to the worker when a broker is configured, and
still sent (from a thread) when the broker cannot be reached."""

from __future__ import annotations

import time

import pytest
from django.core import mail

from accounts.mails import after_response
from accounts.tasks import mail_send_task


def wait_for_outbox(n: int) -> None:
    for _ in range(100):
        if len(mail.outbox) >= n:
            return
        time.sleep(0.02)


@pytest.mark.django_db(transaction=True)
def test_with_a_broker_the_mail_goes_to_the_worker(settings, monkeypatch):
    settings.MAIL_IN_BACKGROUND = True
    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent: list[dict] = []
    monkeypatch.setattr(mail_send_task, "delay", lambda **kwargs: sent.append(kwargs))
    after_response(mail_send_task, subject="s", body="b", to=["x@example.org"])
    assert sent == [{"subject": "s", "body": "b", "to": ["x@example.org"]}]
    assert mail.outbox == []


@pytest.mark.django_db(transaction=True)
def test_with_the_broker_down_the_mail_still_goes(settings, monkeypatch):
    settings.MAIL_IN_BACKGROUND = True
    settings.CELERY_TASK_ALWAYS_EAGER = False

    def down(**kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(mail_send_task, "delay", down)
    after_response(mail_send_task, subject="s", body="b", to=["x@example.org"])
    wait_for_outbox(1)
    assert [m.to for m in mail.outbox] == [["x@example.org"]]
