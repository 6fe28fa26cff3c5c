"""Test settings: the real settings plus a few speed-ups. Tasks run eagerly unless a test
starts a real worker (tests/worker/test_pairing_worker.py does)."""

from .settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
CELERY_TASK_ALWAYS_EAGER = True
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
PUBLIC_REBUILD_IN_BACKGROUND = (
    False  # tests read a page right after a change; tests/tournaments/public/test_micro_cache.py turns it on
)
