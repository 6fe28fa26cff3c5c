"""Issue 33 (3): one name-search key for every search of names in the product."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from core.names import search_key

ROOT = Path(__file__).resolve().parents[2]
APPS = ["core", "accounts", "ratings", "clubs", "tournaments", "pairing", "reports"]


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Søren Ødegård", "soren odegard"),
        ("ØDEGÅRD, SØREN", "odegard soren"),
        ("Łukasz Wróbel", "lukasz wrobel"),
        ("Æsa Straße", "aesa strasse"),
        ("Đorđe Þórsson", "dorde thorsson"),
        ("Zoë  Škoda", "zoe skoda"),
        ("Ólafsson, Friðrik", "olafsson fridrik"),
        ("Иванов, Пётр", "иванов петр"),
    ],
)
def test_it_folds_case_accents_and_letters_that_do_not_decompose(name, key):
    assert search_key(name) == key


def test_no_other_module_folds_names_for_a_search():
    """Every name search calls ``core.names.search_key``: no second folding function anywhere."""
    others = []
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if path == ROOT / "core" / "names.py" or "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef) and node.name == "search_key":
                    others.append(f"{path.relative_to(ROOT)}:{node.lineno}")
                if isinstance(node, ast.Attribute) and node.attr == "combining":
                    others.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert others == []
