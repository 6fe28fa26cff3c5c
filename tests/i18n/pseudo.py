"""A pseudo-locale: every msgstr is its msgid between ⟦ and ⟧. A page rendered in it shows each
marked string between the markers; English left outside them was not marked for translation."""

from __future__ import annotations

import html
import re
from pathlib import Path

from tests.i18n.po import LOCALE, Entry, mo_key, read_po, write_mo

CODE = "xx"
OPEN, CLOSE = "⟦", "⟧"
HEADER = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"


def _wrapped(entry: Entry) -> str:
    if entry.msgid_plural is None:
        return OPEN + entry.msgid + CLOSE
    return f"{OPEN}{entry.msgid}{CLOSE}\x00{OPEN}{entry.msgid_plural}{CLOSE}"


def entries() -> list[Entry]:
    """The msgids of the project (the French catalogue holds them all: makemessages keeps every
    language's catalogue in step)."""
    return read_po(LOCALE / "fr" / "LC_MESSAGES" / "django.po")[1:]


def _django_entries() -> list[Entry]:
    """Django's own strings the pages show (form labels, password rules): Django translates them
    in every real language, so the pseudo-locale wraps them too."""
    import django

    root = Path(django.__file__).parent
    entries: list[Entry] = []
    for po in (root / "conf", root / "contrib" / "auth"):
        entries += read_po(po / "locale" / "fr" / "LC_MESSAGES" / "django.po")[1:]
    return entries


def build(root: Path) -> None:
    """Write the pseudo-locale's django.mo and djangojs.mo under ``root``."""
    for domain in ("django", "djangojs"):
        po = LOCALE / "fr" / "LC_MESSAGES" / f"{domain}.po"
        ours = read_po(po)[1:] if po.exists() else []
        theirs = _django_entries() if domain == "django" else []
        catalogue = {mo_key(e): _wrapped(e) for e in theirs + ours}
        catalogue[""] = HEADER
        write_mo(catalogue, root / CODE / "LC_MESSAGES" / f"{domain}.mo")


def vocabulary() -> set[str]:
    """Every word of the English msgids (lower case, three letters or more)."""
    words: set[str] = set()
    for entry in entries():
        for text in (entry.msgid, entry.msgid_plural or ""):
            text = re.sub(r"<[^>]*>|%\([a-z_0-9]+\)[sd]", " ", text)
            words.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", text))
    return words


def text_outside_markers(page: str) -> str:
    """The visible text of ``page`` with every marked string taken out. An element that declares
    itself English (``lang="en"``) is left out too: the engine's own reports (the rating report's
    items, a norm's conditions) are English in every language, and the page says so."""
    page = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", page)
    page = re.sub(r'(?is)<(span|li|td|p)\b[^>]*\blang="en"[^>]*>.*?</\1>', " ", page)
    page = re.sub(r"(?s)<[^>]*>", " ", page)
    page = html.unescape(page)
    inner = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
    while True:
        stripped = inner.sub(" ", page)
        if stripped == page:
            return stripped
        page = stripped
