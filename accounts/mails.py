"""Account mails go out after the answer (``after_response``), so a request takes as long whether
or not an address has an account (issue 32, item 14): the password reset looks its address up in
the background, and sign-up answers a known address as it answers a new one.

With ``settings.MAIL_IN_BACKGROUND`` (the default) a mail task goes to the Celery worker when a
broker is configured, else to a thread; if the broker cannot be reached, to a thread too. The
test settings turn it off: the task then runs in the request, and the outbox is filled at once.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.core.mail import send_mail
from django.db import connections, transaction
from django.utils import translation

logger = logging.getLogger(__name__)


def mail_send(*, subject: str, body: str, to: list[str]) -> None:
    """Send one plain-text mail from ``DEFAULT_FROM_EMAIL``."""
    send_mail(subject, body, None, to)


def password_reset_mail(*, email: str, domain: str, use_https: bool, language: str) -> None:
    """Mail a reset link to every active account with this address that has a usable password
    (Django's own form does the finding, the token and the mail); nothing for an unknown address."""
    form = PasswordResetForm(data={"email": email})
    if not form.is_valid():
        return
    with translation.override(language or settings.LANGUAGE_CODE):
        form.save(domain_override=domain, use_https=use_https)


def _in_thread(task: Any, kwargs: dict[str, Any]) -> None:
    def run() -> None:
        try:
            task(**kwargs)
        except Exception:
            logger.exception("Mail task %s failed", getattr(task, "name", task))
        finally:
            connections.close_all()

    threading.Thread(target=run, name="account-mail", daemon=True).start()


def _start(task: Any, kwargs: dict[str, Any]) -> None:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        _in_thread(task, kwargs)
        return
    try:
        task.delay(**kwargs)
    except Exception:  # the broker is down: the mail still goes, from this process
        logger.warning("Broker unreachable: mail task %s runs in a thread", task.name, exc_info=True)
        _in_thread(task, kwargs)


def after_response(task: Any, **kwargs: Any) -> None:
    """Run the Celery ``task`` with ``kwargs`` once the current transaction has committed, outside
    the request (see the module's docstring)."""
    if not settings.MAIL_IN_BACKGROUND:
        task(**kwargs)
        return
    transaction.on_commit(lambda: _start(task, kwargs), robust=True)
