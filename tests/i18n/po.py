"""Read .po catalogues and write .mo files in plain Python, for the translation tests (no GNU
gettext needed to run them: only to update the catalogues, see README "Translating")."""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
LANGUAGES = ("fr", "de", "es", "nl")
DOMAINS = ("django", "djangojs")


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False
    obsolete: bool = False

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr.values())


def read_po(path: Path) -> list[Entry]:
    """The entries of ``path`` (the header, msgid "", included first)."""
    entries: list[Entry] = []
    entry = Entry()
    target: tuple[str, int] | None = None
    started = False

    def finish() -> None:
        nonlocal entry, started
        if started:
            entries.append(entry)
        entry, started = Entry(), False

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#~"):
            entry.obsolete = True
            continue
        if line.startswith("#,"):
            if started:
                finish()
            entry.fuzzy = "fuzzy" in line
            continue
        if line.startswith("#"):
            if started:
                finish()
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            value = ast.literal_eval(line)
            kind, index = target or ("msgid", 0)
        else:
            value = ast.literal_eval(rest)
            if keyword.startswith("msgstr["):
                kind, index = "msgstr", int(keyword[7:-1])
            else:
                kind, index = keyword, 0
            if kind in ("msgid", "msgctxt") and started and (entry.msgstr or kind == "msgctxt"):
                finish()
            started = True
            target = (kind, index)
            if kind == "msgid_plural":
                entry.msgid_plural = ""
            if kind == "msgctxt":
                entry.msgctxt = ""
        if kind == "msgid":
            entry.msgid += value
        elif kind == "msgid_plural":
            entry.msgid_plural = (entry.msgid_plural or "") + value
        elif kind == "msgctxt":
            entry.msgctxt = (entry.msgctxt or "") + value
        else:
            entry.msgstr[index] = entry.msgstr.get(index, "") + value
    finish()
    return [e for e in entries if not e.obsolete]


def mo_key(entry: Entry) -> str:
    key = entry.msgid if entry.msgid_plural is None else f"{entry.msgid}\x00{entry.msgid_plural}"
    return key if entry.msgctxt is None else f"{entry.msgctxt}\x04{key}"


def mo_value(entry: Entry) -> str:
    return "\x00".join(entry.msgstr[i] for i in sorted(entry.msgstr))


def write_mo(catalogue: dict[str, str], path: Path) -> None:
    """A GNU .mo file holding ``catalogue`` (keys as :func:`mo_key` writes them)."""
    keys = sorted(catalogue)
    ids = [k.encode() for k in keys]
    strs = [catalogue[k].encode() for k in keys]
    start = 7 * 4 + 16 * len(keys)
    id_table, str_table, blob = [], [], b""
    for data in ids:
        id_table.append((len(data), start + len(blob)))
        blob += data + b"\x00"
    for data in strs:
        str_table.append((len(data), start + len(blob)))
        blob += data + b"\x00"
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    offsets = b"".join(struct.pack("ii", *pair) for pair in id_table + str_table)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + offsets + blob)
