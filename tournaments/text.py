"""The one check of typed-in text (names, places, clubs, reasons), whatever the entry path.

Forms, the API, the CSV, TRF and JSON imports all reach the services, and the services pass every
one-line text field through :func:`clean_line`: Unicode NFC (so "Mu\\u0308ller" and "Müller" are
the same name), runs of whitespace (spaces, tabs, line breaks) made one space and trimmed, and a
refusal for what no name needs: control characters (NUL and the like), the bidirectional
overrides that make text display in a different order than it is stored (U+202A-U+202E,
U+2066-U+2069), and text made only of invisible characters. :func:`same_name_key` is what two
names are compared by when looking for duplicates (NFC, then case-folded).
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides and isolates: they reorder how the rest of a line is displayed."""

_INVISIBLE = frozenset(
    "\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063"
    "\u2064\u3164\ufeff\uffa0"
)
"""Characters that draw nothing on their own (zero-width spaces and joiners, fillers, marks)."""


class TextProblem(ValueError):
    """Why a piece of text cannot be stored; the message is written for the person who typed it."""


def _invisible(char: str) -> bool:
    return char in _INVISIBLE or char.isspace() or unicodedata.category(char) in ("Cf", "Mn", "Me", "Zs")


def clean_line(value: object, *, label: str, max_length: int | None = None, required: bool = False) -> str:
    """``value`` as one clean line of text, or :class:`TextProblem` naming ``label``.

    ``None`` is the empty string. Whitespace of any kind (including CR and LF) becomes one space,
    so a name can never start a new line in an exported file.
    """
    text = "" if value is None else str(value)
    text = unicodedata.normalize("NFC", " ".join(text.split()))
    for char in text:
        if char in BIDI_CONTROLS:
            raise TextProblem(
                gettext(
                    "%(label)s contains a right-to-left or left-to-right override (U+%(ord)s); type the text without it."
                )
                % {"label": label, "ord": format(ord(char), "04X")}
            )
        if unicodedata.category(char) in ("Cc", "Cs"):
            raise TextProblem(
                gettext("%(label)s contains a control character (U+%(ord)s).")
                % {"label": label, "ord": format(ord(char), "04X")}
            )
    if text and all(_invisible(char) for char in text):
        raise TextProblem(gettext("%(label)s is made only of invisible characters.") % {"label": label})
    if required and not text:
        raise TextProblem(gettext("%(label)s is missing.") % {"label": label})
    if max_length is not None and len(text) > max_length:
        raise TextProblem(
            gettext("%(label)s is longer than %(max_length)s characters.")
            % {"label": label, "max_length": max_length}
        )
    return text


def line_problem(value: object, *, label: str, max_length: int | None = None) -> str | None:
    """The message :func:`clean_line` would refuse ``value`` with, or None."""
    try:
        clean_line(value, label=label, max_length=max_length)
    except TextProblem as exc:
        return str(exc)
    return None


def same_name_key(value: str) -> str:
    """What duplicate names are compared by: NFC, case-folded (then NFC again, as folding may
    decompose)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", value).casefold())
