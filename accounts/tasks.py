"""Celery tasks: thin adapters that pass a mail's data to ``accounts.mails``."""

from __future__ import annotations

from celery import shared_task

from accounts.mails import mail_send, password_reset_mail


@shared_task(name="accounts.mail_send", ignore_result=True)
def mail_send_task(subject: str, body: str, to: list[str]) -> None:
    mail_send(subject=subject, body=body, to=to)


@shared_task(name="accounts.password_reset_mail", ignore_result=True)
def password_reset_mail_task(email: str, domain: str, use_https: bool, language: str) -> None:
    password_reset_mail(email=email, domain=domain, use_https=use_https, language=language)
