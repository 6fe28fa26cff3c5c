"""The one settings module. Everything that differs between a laptop and production is an
environment variable; the defaults run the app with no services at all (SQLite, eager tasks).

See README.md "Configuration" for every variable.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
DEV_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    if raw.lower() in ("1", "true", "yes", "on"):
        return True
    if raw.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), not {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_secret(name: str, default: str) -> str:
    """Read NAME, or the contents of the file named by NAME_FILE (Docker secrets)."""
    path = os.environ.get(f"{name}_FILE")
    if path:
        try:
            return Path(path).read_text().strip()
        except OSError as exc:
            raise ImproperlyConfigured(f"{name}_FILE={path!r} cannot be read: {exc}") from None
    return os.environ.get(name, default)


def database_from_url(url: str) -> dict[str, object]:
    """Turn ``postgres://user:pass@host:port/name`` or ``sqlite:///path`` into a DATABASES entry."""
    parts = urlsplit(url)
    if parts.scheme in ("postgres", "postgresql", "pgsql"):
        options: dict[str, object] = {key: values[-1] for key, values in parse_qs(parts.query).items()}
        # The hot paths' statements (``core.prepared.prepared_cursor``: result entry's lock, reads
        # and writes) are prepared at their first run on a connection; Django's other cursors bind
        # client-side and never prepare. Off (``DB_PREPARED_STATEMENTS=0``) behind a pooler in
        # transaction mode, which cannot keep a connection's prepared statements.
        options["prepare_threshold"] = 0 if env_bool("DB_PREPARED_STATEMENTS", True) else None
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parts.path.lstrip("/")) or "postgres",
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(parts.port or ""),
            "CONN_MAX_AGE": env_int("DB_CONN_MAX_AGE", 60),
            "CONN_HEALTH_CHECKS": True,
            "OPTIONS": options,
            "TEST": {"NAME": os.environ.get("TEST_DATABASE_NAME") or None},
        }
    if parts.scheme == "sqlite":
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": unquote(parts.path) or ":memory:"}
    raise ImproperlyConfigured(f"DATABASE_URL scheme {parts.scheme!r} is not supported (postgres or sqlite)")


def email_from_url(url: str) -> dict[str, object]:
    """Turn ``smtp://user:pass@host:port?tls`` into Django's EMAIL_* settings.

    ``?tls`` is STARTTLS (port 587 by default), ``?ssl`` or the scheme ``smtps`` is TLS from the
    first byte (port 465); plain ``smtp`` defaults to port 25. ``console://`` writes mails to the
    log instead of sending them.
    """
    parts = urlsplit(url)
    if parts.scheme == "console":
        return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    if parts.scheme not in ("smtp", "smtps"):
        raise ImproperlyConfigured(
            f"EMAIL_URL scheme {parts.scheme!r} is not supported (smtp, smtps or console)"
        )
    if not parts.hostname:
        raise ImproperlyConfigured("EMAIL_URL has no host: smtp://user:password@host:port")
    flags = {key.lower() for key in parse_qs(parts.query, keep_blank_values=True)}
    unknown = flags - {"tls", "ssl"}
    if unknown:
        raise ImproperlyConfigured(f"EMAIL_URL option(s) {sorted(unknown)} unknown (tls or ssl)")
    use_ssl = parts.scheme == "smtps" or "ssl" in flags
    use_tls = "tls" in flags
    if use_ssl and use_tls:
        raise ImproperlyConfigured("EMAIL_URL: choose tls (STARTTLS) or ssl, not both")
    try:
        port = parts.port
    except ValueError:
        raise ImproperlyConfigured("EMAIL_URL has an invalid port") from None
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": port or (465 if use_ssl else 587 if use_tls else 25),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": use_tls,
        "EMAIL_USE_SSL": use_ssl,
    }


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_secret("SECRET_KEY", DEV_SECRET_KEY)
if not DEBUG and SECRET_KEY == DEV_SECRET_KEY:
    raise ImproperlyConfigured(
        "Set SECRET_KEY (or SECRET_KEY_FILE): DEBUG is off and the development key is public."
    )
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
SITE_URL = env_str("SITE_URL", "").rstrip("/")
"""Where players reach the site (``https://chess.example.org``): share links and QR codes use it.
Unset, they use the address the request came to (fine on a laptop; a deploy check warns)."""
if SITE_URL and (
    urlsplit(SITE_URL).scheme not in ("http", "https")
    or not urlsplit(SITE_URL).netloc
    or urlsplit(SITE_URL).path
):
    raise ImproperlyConfigured(
        f"SITE_URL must be a scheme and host like https://chess.example.org, not {SITE_URL!r}"
    )

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "rest_framework",
    "rest_framework.authtoken",
    "accounts",
    "config.apps.SiteConfig",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "tournaments",
    "pairing",
    "reports",
    "entries",
    "prizes",
    "teams",
    "ratings",
    "clubs",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files with DEBUG off too: hashed names, gzip, far-future caching.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.middleware.ContentSecurityPolicyMiddleware",
    "config.middleware.RefuseNulInQueryMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the session (it reads the language cookie and Accept-Language), before CommonMiddleware
    # (which may redirect): the request's language is active for every view below.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in user's profile language wins over the cookie and Accept-Language (needs the user).
    "config.middleware.ProfileLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.signup",
            ],
        },
    }
]

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {"default": database_from_url(DATABASE_URL)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / env_str("SQLITE_NAME", "db.sqlite3"),
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache holds the login counters and public pages, so every web process must see the same
# one: Redis when CACHE_URL is set, else a database table (`manage.py createcachetable`).
CACHE_URL = os.environ.get("CACHE_URL", "")
if CACHE_URL:
    # Fail-soft: while Redis is down every cache call answers as a miss, so pages come from the
    # database and sessions from their table (core.redis_cache; README, "When something fails").
    CACHES = {"default": {"BACKEND": "core.redis_cache.FailSoftRedisCache", "LOCATION": CACHE_URL}}
    # Sessions read from Redis, written through to the database: every signed-in request (an
    # arbiter entering results flat out) spares a database query.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "django_cache",
            "OPTIONS": {"MAX_ENTRIES": env_int("DB_CACHE_MAX_ENTRIES", 20_000)},
        }
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
AUTHENTICATION_BACKENDS = ["accounts.backends.LoginBackend"]
"""Django's, by user name or by the address one account has."""
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
# The interface languages (README "Translating"). The order of choice: a signed-in user's profile
# (config.middleware.ProfileLanguageMiddleware), then the switcher's cookie, then Accept-Language.
LANGUAGES = [
    ("en-gb", "English"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("nl", "Nederlands"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # With DEBUG off, `collectstatic` writes hashed, compressed copies that WhiteNoise (or nginx)
    # serves with far-future caching; with DEBUG on, runserver serves the files as they are.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Email. EMAIL_URL, or the usual EMAIL_HOST/EMAIL_PORT/... variables; with neither, mails are
# written to the console (a deploy check warns when DEBUG is off: password reset could not send).
EMAIL_URL = env_secret("EMAIL_URL", "")
EMAIL_HOST = env_str("EMAIL_HOST", "")
if EMAIL_URL:
    globals().update(email_from_url(EMAIL_URL))
elif EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = env_int("EMAIL_PORT", 25)
    EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = env_secret("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
EMAIL_CONFIGURED = bool(EMAIL_URL or EMAIL_HOST)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Chess club tournaments <webmaster@localhost>")
SERVER_EMAIL = env_str("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", 3 * 24 * 3600)
"""Seconds a password reset link, and an email verification link, stays valid."""
MAIL_IN_BACKGROUND = env_bool("MAIL_IN_BACKGROUND", True)
"""Account mails (verification, password reset, notices) are sent after the answer: by the worker
when CELERY_BROKER_URL is set, else by a thread. Off in the test settings (the outbox is filled
at once). Either way a request takes as long for an unknown address as for a known one."""

SIGNUP_MODE = env_str("SIGNUP_MODE", "open" if DEBUG else "invitation")
"""Who may make an account: ``open`` (anyone, then verify the address), ``invitation`` (only
through a club's invitation link) or ``closed`` (accounts are made in the back office)."""
if SIGNUP_MODE not in ("open", "invitation", "closed"):
    raise ImproperlyConfigured(f"SIGNUP_MODE must be open, invitation or closed, not {SIGNUP_MODE!r}")
VERIFICATION_MAIL_LIMIT = env_int("VERIFICATION_MAIL_LIMIT", 3)
"""Verification mails an account may be sent per hour (sign-up's and "send the link again")."""

# Uploaded FIDE lists wait here for the import task (web and worker share this folder).
RATING_LIST_DIR = Path(env_str("RATING_LIST_DIR", str(BASE_DIR / "var" / "rating-lists")))
RATING_IMPORT_STALE_SECONDS = env_int("RATING_IMPORT_STALE_SECONDS", 120)
# How long the front proxy and a phone may reuse a public player page (the pairings and standings:
# 2 s). Also how long a revoked link's player pages may still answer from the proxy (issue 38).
PUBLIC_PLAYER_PAGE_SECONDS = env_int("PUBLIC_PLAYER_PAGE_SECONDS", 10)
"""An import with no sign of life this long (a batch takes seconds) lost its process: the page offers
retry and cancel, and a redelivered task takes it over, resuming after its last written batch."""
RATING_IMPORT_IN_THREAD = env_bool("RATING_IMPORT_IN_THREAD", True)
"""Without a broker (``make run``), run an import in a thread of the web process, so the upload
answers at once and the progress page shows it advancing. Tests turn it off to run it in place."""

# Celery: with no broker, tasks run in-process (the quickstart); with one, a worker runs them.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "celery")
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", CELERY_BROKER_URL) or None
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 240)
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 300)
if not 0 < CELERY_TASK_SOFT_TIME_LIMIT < CELERY_TASK_TIME_LIMIT:
    raise ImproperlyConfigured(
        "CELERY_TASK_SOFT_TIME_LIMIT must be positive and below CELERY_TASK_TIME_LIMIT "
        f"(got {CELERY_TASK_SOFT_TIME_LIMIT} and {CELERY_TASK_TIME_LIMIT})"
    )
# With late acknowledgement, a task whose worker died is delivered again once the broker's
# visibility timeout has passed. It must be longer than the hard time limit, or a task still
# running would be handed to a second worker; a minute longer is enough.
CELERY_VISIBILITY_TIMEOUT = env_int("CELERY_VISIBILITY_TIMEOUT", CELERY_TASK_TIME_LIMIT + 60)
if CELERY_VISIBILITY_TIMEOUT <= CELERY_TASK_TIME_LIMIT:
    raise ImproperlyConfigured(
        f"CELERY_VISIBILITY_TIMEOUT ({CELERY_VISIBILITY_TIMEOUT}) must be longer than "
        f"CELERY_TASK_TIME_LIMIT ({CELERY_TASK_TIME_LIMIT}): a running task would be delivered twice"
    )
# Sending a task must fail fast when the broker is down: the web request that sends it then tells
# the arbiter "pairing service unavailable" within seconds instead of hanging (Celery's default
# policy retries for far longer behind a firewall that drops packets).
CELERY_BROKER_CONNECTION_TIMEOUT = env_int("CELERY_BROKER_CONNECTION_TIMEOUT", 3)
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.5,
    "interval_max": 1,
}
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_VISIBILITY_TIMEOUT,
    "socket_connect_timeout": CELERY_BROKER_CONNECTION_TIMEOUT,
    # Look for a dead worker's tasks every 10 s (kombu's default scans only every 10th sweep,
    # which would add up to 100 s to the visibility timeout).
    "unacked_restore_throttle": 1,
}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_VISIBILITY_TIMEOUT}
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Annotations override what a task's decorator hard-codes: every task gets the limits above and
# late acknowledgement from here, except the time limits of a task that declares
# ``own_time_limits=True`` (the rating-list import: minutes, not seconds). See config.celery.
CELERY_TASK_ANNOTATIONS = ["config.celery.SiteWideLimits"]

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PARSER_CLASSES": [
        "tournaments.api.parsers.ShallowJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 200,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Chess club tournaments API",
    "DESCRIPTION": "Tournaments, participants, rounds, results, pairing and standings.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI is served from our own static files: the CSP allows no CDN scripts.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "RoundStatusEnum": "tournaments.models.Round.Status",
        "ParticipantStatusEnum": "tournaments.models.Participant.Status",
        "ByeKindEnum": "tournaments.models.RoundBye.Kind",
        "RequestedByeKindEnum": "tournaments.api.serializers.REQUESTED_BYE_KINDS",
        # Team competitions (teams/api.py) have fields named like the tournaments' with other
        # choices: each set named here, the tournaments' keeping the names they always had.
        "FormatEnum": "tournaments.models.Tournament.Format",
        "ResultEnum": "tournaments.models.Board.Result",
        "TeamBoardResultEnum": "teams.models.BoardGame.Result",
        "TeamCompetitionFormatEnum": "teams.models.TeamCompetition.Format",
    },
}

# Security. Everything below is on whenever DEBUG is off; `manage.py check --deploy` passes then.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
if env_bool("BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
CONTENT_SECURITY_POLICY = env_str(
    "CONTENT_SECURITY_POLICY",
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
)
LOGIN_RATE_LIMIT = env_int("LOGIN_RATE_LIMIT", 10)
"""Failed login attempts allowed per user name in 15 minutes (whatever address they come from)."""
LOGIN_RATE_LIMIT_PER_ADDRESS = env_int("LOGIN_RATE_LIMIT_PER_ADDRESS", 50)
"""Failed login attempts allowed per client address in 15 minutes, whatever user names they try.
Higher than the per-name limit: a club's members often share one address (the venue's Wi-Fi)."""
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
# Public pages: after a change, answer with the page as it was and rebuild it in a thread (the
# first visitor after a result does not wait for a 500-board page to render). Off in tests.
PUBLIC_REBUILD_IN_BACKGROUND = env_bool("PUBLIC_REBUILD_IN_BACKGROUND", True)
"""How many reverse proxies in front of the app append to X-Forwarded-For (nginx in the compose
file: 1). With 0 the header is ignored: any client can write it."""
if TRUSTED_PROXY_COUNT < 0 or LOGIN_RATE_LIMIT < 1 or LOGIN_RATE_LIMIT_PER_ADDRESS < 1:
    raise ImproperlyConfigured(
        "TRUSTED_PROXY_COUNT must be 0 or more, LOGIN_RATE_LIMIT and LOGIN_RATE_LIMIT_PER_ADDRESS 1 or more"
    )

# Staff pages of a big field come in pages (a 5,000-player open has 2,500 boards).
ROUND_PAGE_BOARDS = env_int("ROUND_PAGE_BOARDS", 100)
"""Boards per page of a round's staff page: a section of the hall (a 30-board round is one page)."""
PARTICIPANTS_PAGE_SIZE = env_int("PARTICIPANTS_PAGE_SIZE", 200)
"""Participants per page of the registration desk's list."""
if ROUND_PAGE_BOARDS < 1 or PARTICIPANTS_PAGE_SIZE < 1:
    raise ImproperlyConfigured("ROUND_PAGE_BOARDS and PARTICIPANTS_PAGE_SIZE must be 1 or more")

CELERY_TASK_LOG_LEVEL = env_str("CELERY_TASK_LOG_LEVEL", "WARNING" if CELERY_TASK_ALWAYS_EAGER else "INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        # Celery logs two lines per task run ("received", "succeeded in 0.01s"). A worker's log
        # wants them; in the quickstart, where tasks run inside runserver, they drown the requests.
        "celery.app.trace": {"level": CELERY_TASK_LOG_LEVEL},
        "celery.worker.strategy": {"level": CELERY_TASK_LOG_LEVEL},
    },
}
