"""The production smoke test runs only against a server that scripts/ci_production_smoke.sh
started (it sets SMOKE_BASE_URL); everywhere else it is skipped with a message."""

from __future__ import annotations

import os

import pytest

from tests.browser.conftest import CHROMIUM, browser  # noqa: F401  (the same Debian Chromium)


def pytest_collection_modifyitems(config, items):
    reason = None
    if not os.environ.get("SMOKE_BASE_URL"):
        reason = "needs the production stack: run scripts/ci_production_smoke.sh (.ci/run does)"
    elif not os.path.exists(CHROMIUM):
        reason = f"{CHROMIUM} not installed"
    if reason:
        for item in items:
            if "production" in item.keywords:
                item.add_marker(pytest.mark.skip(reason=reason))
