"""What a screen reader says and a tooltip shows is text too: an ``aria-label``, ``title``,
``placeholder`` or ``alt`` in a template holds no English outside ``{% translate %}`` or
``{% blocktranslate %}`` (the pseudo-locale test reads a page's visible text only, so "Result of
board 12", read to a blind arbiter in a French hall, passed it)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE_DIRS = [ROOT / "templates", *ROOT.glob("*/templates")]
ATTRIBUTE = re.compile(r'\b(aria-label|title|placeholder|alt)="((?:[^"{]|\{[{%].*?[}%]\})*)"', re.S)
BLOCK = re.compile(r"{%\s*blocktranslate\b.*?{%\s*endblocktranslate\s*%}", re.S)
TAG = re.compile(r"{%.*?%}|{{.*?}}", re.S)


def unmarked_attributes(text: str) -> list[str]:
    """The attribute values of ``text`` (a template) with English left once translations, template
    tags and variables are taken out."""
    found = []
    for match in ATTRIBUTE.finditer(text):
        value = TAG.sub(" ", BLOCK.sub(" ", match.group(2)))
        if re.search(r"[A-Za-z]{3,}", value):
            found.append(f'{match.group(1)}="{match.group(2)}"')
    return found


def test_the_scan_sees_what_it_should():
    assert unmarked_attributes('<b aria-label="Result of board {{ b.number }}">') == [
        'aria-label="Result of board {{ b.number }}"'
    ]
    assert unmarked_attributes('<b title="{% if x %}Saved{% endif %}">') != []
    assert (
        unmarked_attributes(
            '<b title="{% translate "Rating" %}" aria-label="{% blocktranslate with n=b.number %}'
            'Board {{ n }}{% endblocktranslate %}" alt="{{ name }}" placeholder="1-0">'
        )
        == []
    )


def test_no_template_has_an_untranslated_attribute():
    templates = [path for folder in TEMPLATE_DIRS for path in folder.rglob("*.html")]
    assert len(templates) > 50
    found = {
        str(path.relative_to(ROOT)): unmarked
        for path in templates
        if (unmarked := unmarked_attributes(path.read_text(encoding="utf-8")))
    }
    assert not found, "untranslated attributes:\n" + "\n".join(f"{p}: {v}" for p, v in found.items())
