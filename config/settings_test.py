"""Test settings: the real settings plus a few speed-ups. Tasks run eagerly unless a test
starts a real worker (tests/worker/test_pairing_worker.py does)."""

from .settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Sessions in the database whatever CACHE_URL says (production reads them from Redis when it is
# set): the views' query-count pins count the session read.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
CELERY_TASK_ALWAYS_EAGER = True
# Rating imports run in place; tests/reliability/test_eager_import_progress.py turns the thread on.
RATING_IMPORT_IN_THREAD = False
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
MAIL_IN_BACKGROUND = False  # account mails in the request: tests read the outbox right after it
PUBLIC_REBUILD_IN_BACKGROUND = (
    False  # tests read a page right after a change; tests/tournaments/public/test_micro_cache.py turns it on
)

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A test database in a file, not in memory: Django shares one in-memory connection between the
    # test and every thread of the browser tests' live server, so two requests at once (a result
    # key and the live poll) collided ("cannot start a transaction within a transaction"). With a
    # file each thread has its own connection and SQLite's lock makes the second one wait.
    # TEST_DATABASE_NAME names another file, so that two runs in one checkout do not share one.
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.environ.get("TEST_DATABASE_NAME") or str(BASE_DIR / ".test-db.sqlite3")  # noqa: F405
    }
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20  # noqa: F405
