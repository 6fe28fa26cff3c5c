"""The catalogues: one per language and domain, every entry translated and none fuzzy, and the
committed .mo files compiled from the .po files as they are (README "Translating")."""

from __future__ import annotations

import gettext

import pytest

from tests.i18n.po import LANGUAGES, LOCALE, mo_key, mo_value, read_po


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_its_catalogue(language):
    assert (LOCALE / language / "LC_MESSAGES" / "django.po").is_file()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_is_translated_and_none_is_fuzzy(language):
    """Fails until the language's translators have filled its catalogue: run, not skipped, so a
    gap shows (the list names the first entries left)."""
    gaps = []
    for po in sorted((LOCALE / language / "LC_MESSAGES").glob("*.po")):
        for entry in read_po(po)[1:]:
            if entry.fuzzy or not entry.translated:
                gaps.append(f"{po.name}: {'fuzzy ' if entry.fuzzy else ''}{entry.msgid!r}")
    assert not gaps, f"{len(gaps)} entries untranslated or fuzzy in {language}, e.g.:\n" + "\n".join(
        gaps[:20]
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_files_are_compiled_from_the_po_files(language):
    """.mo files are committed (a fresh clone needs no GNU gettext to run); after editing a .po,
    `manage.py compilemessages` must be run, or this fails."""
    for po in sorted((LOCALE / language / "LC_MESSAGES").glob("*.po")):
        mo = po.with_suffix(".mo")
        assert mo.is_file(), f"{mo} is missing: run manage.py compilemessages"
        expected = {
            mo_key(entry): mo_value(entry)
            for entry in read_po(po)[1:]
            if entry.translated and not entry.fuzzy
        }
        with mo.open("rb") as handle:
            compiled = dict(gettext.GNUTranslations(handle)._catalog)  # type: ignore[attr-defined]
        compiled.pop("", None)
        as_keys = {}
        for key, value in compiled.items():
            if isinstance(key, tuple):  # plural forms: (msgid, index) -> msgstr[index]
                as_keys.setdefault(key[0], {})[key[1]] = value
            else:
                as_keys[key] = value
        flattened = {
            key: value if isinstance(value, str) else "\x00".join(value[i] for i in sorted(value))
            for key, value in as_keys.items()
        }
        expected_singular = {key.split("\x00")[0]: value for key, value in expected.items()}
        assert flattened == expected_singular, f"{mo} is out of date: run manage.py compilemessages"
