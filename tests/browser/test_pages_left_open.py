"""A page a test leaves open is closed after it (tests/browser/conftest.py): an open phone page
keeps polling the live server after its test, and its error lands in whichever test runs then.
The two tests run in file order (pytest's default here): the first leaves a context open, the
second finds none."""

from __future__ import annotations

import pytest


@pytest.mark.browser
def test_a_test_that_leaves_its_page_open(browser):
    browser.new_context().new_page()
    assert len(browser.contexts) >= 1


@pytest.mark.browser
def test_the_next_test_finds_no_page_left_open(browser):
    assert browser.contexts == []
