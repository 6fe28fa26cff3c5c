"""Apply a language's translations file to its catalogues, then compile them.

    .venv/bin/python scripts/apply_translations.py <lang> [<lang> ...]

``locale/<lang>/translations.json`` is a list of objects
``{"msgid": ..., "msgid_plural": ... or null, "msgctxt": ... or null, "msgstr": ...}``
(``msgstr`` a string, or for plurals an object ``{"0": ..., "1": ...}``). Translators keep their
work there because ``makemessages`` rewrites the ``.po`` files. For every entry of
``locale/<lang>/LC_MESSAGES/*.po`` that the file translates, the msgstr is filled and the fuzzy
flag cleared; entries it does not know are left as they are and listed. Then
``manage.py compilemessages -l <lang>`` writes the ``.mo`` files (GNU gettext's msgfmt needed).

Needs polib in the environment running it (``.venv/bin/pip install polib``; a translators' tool,
not a project dependency).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[1]


def key(msgctxt: str | None, msgid: str, msgid_plural: str | None) -> tuple:
    return (msgctxt or None, msgid, msgid_plural or None)


def load(lang: str) -> dict[tuple, object]:
    path = ROOT / "locale" / lang / "translations.json"
    items = json.loads(path.read_text(encoding="utf-8"))
    return {key(i.get("msgctxt"), i["msgid"], i.get("msgid_plural")): i["msgstr"] for i in items}


def apply(lang: str) -> int:
    translations = load(lang)
    missing = 0
    for po_path in sorted((ROOT / "locale" / lang / "LC_MESSAGES").glob("*.po")):
        po = polib.pofile(str(po_path))
        filled = 0
        for entry in po:
            if entry.obsolete:
                continue
            value = translations.get(key(entry.msgctxt, entry.msgid, entry.msgid_plural))
            if value is None:
                if entry.fuzzy or not entry.translated():
                    missing += 1
                    print(f"{po_path.relative_to(ROOT)}: not in translations.json: {entry.msgid!r}")
                continue
            if entry.msgid_plural:
                if not isinstance(value, dict):
                    raise SystemExit(f"{entry.msgid!r}: a plural entry needs {{'0': ..., '1': ...}}")
                entry.msgstr_plural = {int(k): v for k, v in value.items()}
            else:
                if not isinstance(value, str):
                    raise SystemExit(f"{entry.msgid!r}: a singular entry needs a string")
                entry.msgstr = value
            if "fuzzy" in entry.flags:
                entry.flags.remove("fuzzy")
            entry.previous_msgid = entry.previous_msgid_plural = entry.previous_msgctxt = None
            filled += 1
        # a header as django.po has it: not fuzzy (or msgfmt drops it, and the plural rule with
        # it), with the language and the project named
        po.metadata_is_fuzzy = []
        if not po.metadata.get("Language"):
            po.metadata["Language"] = lang
        if po.metadata.get("Project-Id-Version", "").startswith("PACKAGE"):
            po.metadata["Project-Id-Version"] = "chessclub"
        po.save()
        # GNU gettext's line wrapping, as makemessages writes it, so the diff shows translations only
        subprocess.run(["msgcat", "-o", str(po_path), str(po_path)], check=True)
        print(f"{po_path.relative_to(ROOT)}: {filled} entries filled")
    subprocess.run(
        [sys.executable, "manage.py", "compilemessages", "-l", lang, "--ignore", ".venv"],
        cwd=ROOT,
        check=True,
    )
    return missing


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    missing = sum(apply(lang) for lang in argv)
    if missing:
        print(f"{missing} entries untranslated or fuzzy: add them to translations.json")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
