"""No message for a reader is built from an English literal: every ``messages.success/error/
warning/info(request, ...)`` call in the apps passes something the catalogues can reach (a
``gettext`` call, a variable), never a string literal or an f-string. The pseudo-locale test only
sees what a page shows on GET; these messages appear after a POST, which it never makes."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = (
    "accounts",
    "clubs",
    "core",
    "entries",
    "prizes",
    "ratings",
    "reports",
    "teams",
    "tournaments",
    "config",
)
LEVELS = {"success", "error", "warning", "info"}


def _literal(node: ast.AST) -> bool:
    """A plain string, an f-string, or literals joined by +: English the catalogues never see."""
    if isinstance(node, ast.Constant):  # words, not punctuation joining translated pieces
        return isinstance(node.value, str) and any(c.isalpha() for c in node.value)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _literal(node.left) or _literal(node.right)
    return False


def _offenders() -> list[str]:
    found = []
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr in LEVELS
                    and isinstance(node.func.value, ast.Name)
                    and node.func.value.id == "messages"
                    and len(node.args) >= 2
                    and _literal(node.args[1])
                ):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_message_to_a_reader_goes_through_the_catalogues():
    assert _offenders() == []


ERRORS = {"ValidationFailed", "NotAllowedError", "ConflictError", "ConfirmationNeeded", "ClubError"}


def test_every_service_refusal_goes_through_the_catalogues():
    """The service errors' messages are what the pages and the API show: none is an English literal
    (the engine's own messages are the engine's, below the app, and stay out of this)."""
    found = []
    for app in APPS + ("pairing",):
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts or "engine" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in ERRORS
                    and node.args
                    and _literal(node.args[0])
                ):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_the_finder_catches_an_f_string(tmp_path):
    tree = ast.parse('messages.success(request, f"Deleted {name}.")')
    call = tree.body[0].value
    assert _literal(call.args[1])
    assert not _literal(ast.parse('gettext("Deleted %(name)s.") % {"name": name}').body[0].value)
