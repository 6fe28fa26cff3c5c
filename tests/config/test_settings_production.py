"""Documented settings that used to be ignored: email, SITE_URL, a cache shared by every web
process, Celery's task lines in the quickstart's console; and deploy checks that say so when a
production setting is missing instead of failing quietly."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from tests.config.production import PRODUCTION, run_python

SHOW = "import django; django.setup(); from django.conf import settings as s; print({!r}.format(s=s))"


def show(template: str, **env: str) -> str:
    out = run_python(SHOW.format(template), **env)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]


def test_email_url_sets_the_smtp_server_with_starttls_or_ssl():
    from config.settings import email_from_url

    assert email_from_url("smtp://club%40mail.example:p%2Fss@mail.example:2525?tls") == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "mail.example",
        "EMAIL_PORT": 2525,
        "EMAIL_HOST_USER": "club@mail.example",
        "EMAIL_HOST_PASSWORD": "p/ss",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
    }
    ssl = email_from_url("smtps://u:p@mail.example")
    assert (ssl["EMAIL_PORT"], ssl["EMAIL_USE_SSL"], ssl["EMAIL_USE_TLS"]) == (465, True, False)
    assert email_from_url("smtp://mail.example?tls")["EMAIL_PORT"] == 587


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("imap://mail.example", "not supported"),
        ("smtp://", "no host"),
        ("smtp://mail.example?tls&ssl", "not both"),
        ("smtp://mail.example?starttls", "unknown"),
    ],
)
def test_a_bad_email_url_is_refused_with_a_message(url, message):
    from config.settings import email_from_url

    with pytest.raises(ImproperlyConfigured, match=message):
        email_from_url(url)


def test_email_settings_come_from_the_environment():
    assert show(
        "{s.EMAIL_BACKEND} {s.EMAIL_HOST} {s.EMAIL_PORT}", EMAIL_URL="smtp://u:p@mx.example:587?tls"
    ) == ("django.core.mail.backends.smtp.EmailBackend mx.example 587")
    assert show(
        "{s.EMAIL_HOST} {s.EMAIL_PORT} {s.EMAIL_USE_SSL}",
        EMAIL_HOST="mx.example",
        EMAIL_PORT="465",
        EMAIL_USE_SSL="1",
    ) == ("mx.example 465 True")
    assert (
        show("{s.DEFAULT_FROM_EMAIL}", DEFAULT_FROM_EMAIL="Club <club@example.org>")
        == "Club <club@example.org>"
    )


def test_without_an_email_server_development_writes_mails_to_the_console():
    assert show("{s.EMAIL_BACKEND}") == "django.core.mail.backends.console.EmailBackend"


def test_without_a_cache_url_every_process_shares_the_database_cache():
    assert show("{s.CACHES[default][BACKEND]}") == ("django.core.cache.backends.db.DatabaseCache")


def test_site_url_must_be_a_scheme_and_a_host():
    out = run_python("import config.settings", SITE_URL="chess.example.org")
    assert out.returncode != 0
    assert "SITE_URL must be a scheme and host" in out.stderr


def deploy_check(**env: str) -> str:
    out = run_python("", "check", "--deploy", **{**PRODUCTION, "SECURE_SSL_REDIRECT": "1", **env})
    return out.stdout + out.stderr


def test_the_deploy_check_warns_when_mail_cannot_be_sent_or_links_follow_the_host_header():
    report = deploy_check()
    assert "chessclub.W001" in report and "password reset mails are written to the log" in report
    assert "chessclub.W002" in report and "SITE_URL is not set" in report
    report = deploy_check(EMAIL_URL="smtp://mx.example?tls", SITE_URL="https://chess.example.org")
    assert "chessclub.W00" not in report


def test_the_quickstart_console_shows_no_line_per_task():
    code = (
        "import django, logging; django.setup()\n"
        "from django.conf import settings; logging.config.dictConfig(settings.LOGGING)\n"
        "from config.celery import app\n"
        "@app.task\n"
        "def ping(): return 1\n"
        "ping.delay()\n"
        "logging.getLogger('django').info('a request line still shows')\n"
    )
    out = run_python("import logging.config\n" + code)
    assert out.returncode == 0, out.stderr
    assert "a request line still shows" in out.stderr
    assert "succeeded in" not in out.stderr


def test_sign_up_is_open_in_development_by_invitation_in_production_and_checked():
    assert show("{s.SIGNUP_MODE}") == "open"
    assert show("{s.SIGNUP_MODE}", **PRODUCTION) == "invitation"
    assert show("{s.SIGNUP_MODE}", **PRODUCTION, SIGNUP_MODE="closed") == "closed"
    out = run_python("import config.settings", SIGNUP_MODE="everyone")
    assert out.returncode != 0
    assert "SIGNUP_MODE must be open, invitation or closed" in out.stderr
