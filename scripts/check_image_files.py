"""Check the production image's file set: copy exactly what the Dockerfile's COPY lines copy into an
empty folder and start the app from there, the way the image would, with nothing else importable.

No container engine runs on the development and CI machines, so this stands in for ``docker
build``: an installed app (or any package the code imports) that the Dockerfile forgets fails
here (issue 32: ``reports/`` was missing, ``ModuleNotFoundError`` in the image only).

In the folder, with ``DEBUG=0`` and production-like settings, a fresh interpreter that cannot see
this checkout (the editable install's import hook and the repository's path are removed):

1. every package ``pip install .`` would install (``[tool.setuptools.packages.find] include``
   in pyproject.toml) must have been copied;
2. ``manage.py check`` (imports every installed app, its models and admin, and the URL map with
   every view);
3. every module of the copied packages is imported (tasks, management commands, lazily imported
   helpers), so a module that imports a package the image lacks fails too;
4. every template and static file of the repository is found by the image's loaders and finders.

Usage: ``.venv/bin/python scripts/check_image_files.py [--dockerfile PATH] [--keep]``; exit 0
when the image's file set starts, 1 with the reason otherwise.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Runs inside the copied folder: forget the checkout, then run manage.py check and import all.
BOOT = r"""
import importlib, os, pkgutil, runpy, sys
here = os.getcwd()
repo = os.environ["IMAGE_CHECK_REPO"]
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
sys.path_hooks[:] = [h for h in sys.path_hooks if "editable" not in repr(h).lower()]
sys.path[:] = [here] + [p for p in sys.path if p and os.path.realpath(p) != os.path.realpath(repo)]
sys.path_importer_cache.clear()
sys.argv = ["manage.py", "check", "--fail-level", "ERROR"]
try:
    runpy.run_path("manage.py", run_name="__main__")
except SystemExit as exit:
    if exit.code not in (0, None):
        raise
failed = []
for package in os.environ["IMAGE_CHECK_PACKAGES"].split():
    module = importlib.import_module(package)
    if not os.path.realpath(module.__file__).startswith(os.path.realpath(here)):
        failed.append(f"{package} was imported from {module.__file__}, not from the image's files")
        continue
    for info in pkgutil.walk_packages(module.__path__, package + "."):
        try:
            importlib.import_module(info.name)
        except Exception as exc:
            failed.append(f"{info.name}: {type(exc).__name__}: {exc}")
from django.contrib.staticfiles import finders
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
for folder in sorted(os.path.join(repo, f) for f in os.listdir(repo)):
    for kind in ("templates", "static"):
        base = os.path.join(folder, kind) if os.path.isdir(os.path.join(folder, kind)) else None
        if os.path.basename(folder) == kind:
            base = folder
        if not base or "/." in base or "/tests" in base or "/.venv" in base:
            continue
        for dirpath, _, files in os.walk(base):
            for name in files:
                relative = os.path.relpath(os.path.join(dirpath, name), base)
                if kind == "templates" and name.endswith((".html", ".txt", ".xml", ".svg")):
                    try:
                        get_template(relative)
                    except TemplateDoesNotExist:
                        failed.append(f"template {relative} is not in the image")
                    except Exception:
                        pass  # found; whether it renders is the tests' business
                elif kind == "static" and not finders.find(relative):
                    failed.append(f"static file {relative} is not in the image")
if failed:
    print("\n".join(failed[:20]), file=sys.stderr)
    sys.exit(1)
print("image file set: manage.py check passed; every module imports, every template and static file is found")
"""


def copy_lines(dockerfile: Path) -> list[tuple[list[str], str]]:
    """``(sources, destination)`` of each COPY line of the last build stage (no ``--from``)."""
    lines: list[str] = []
    pending = ""
    for raw in dockerfile.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        lines.append(pending + line)
        pending = ""
    copies: list[tuple[list[str], str]] = []
    for line in lines:
        words = shlex.split(line)
        if words[0].upper() == "FROM":
            copies = []  # only the final stage makes the image
        if words[0].upper() not in ("COPY", "ADD"):
            continue
        args = [w for w in words[1:] if not w.startswith("--")]
        if any(w.startswith("--from") for w in words[1:]):
            continue
        copies.append((args[:-1], args[-1]))
    return copies


def build_file_set(dockerfile: Path, context: Path, target: Path) -> None:
    for sources, destination in copy_lines(dockerfile):
        dest = target / destination.lstrip("/").removeprefix("app/")
        for pattern in sources:
            matches = (
                sorted(context.glob(pattern)) if any(c in pattern for c in "*?[") else [context / pattern]
            )
            for source in matches:
                if not source.exists():
                    raise SystemExit(f"COPY {pattern}: not in the build context")
                if source.is_dir():
                    into = dest if len(sources) == 1 and not destination.endswith("/") else dest / source.name
                    shutil.copytree(
                        source, into, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__")
                    )
                else:
                    into = dest / source.name if destination.endswith("/") or len(sources) > 1 else dest
                    into.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(source, into)


def installed_packages(pyproject: Path) -> list[str]:
    """Top-level packages ``pip install .`` installs (the include patterns of setuptools' find)."""
    config = tomllib.loads(pyproject.read_text())
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    return sorted({pattern.rstrip("*").rstrip(".") for pattern in include})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dockerfile", type=Path, default=ROOT / "Dockerfile")
    parser.add_argument("--context", type=Path, default=ROOT)
    parser.add_argument("--keep", action="store_true", help="keep the folder and print its path")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="image-files-"))
    try:
        app = work / "app"
        app.mkdir()
        build_file_set(args.dockerfile, args.context, app)
        if not (app / "pyproject.toml").exists():
            print("the Dockerfile does not copy pyproject.toml", file=sys.stderr)
            return 1
        packages = installed_packages(app / "pyproject.toml")
        missing = [p for p in packages if not (app / p / "__init__.py").exists()]
        if missing:
            print(
                f"the Dockerfile does not copy {', '.join(missing)}: pyproject.toml installs "
                f"{'it' if len(missing) == 1 else 'them'} (add COPY {missing[0]} ./{missing[0]})",
                file=sys.stderr,
            )
            return 1
        env = {
            key: value
            for key, value in os.environ.items()
            if key
            not in ("PYTHONPATH", "DATABASE_URL", "CACHE_URL", "CELERY_BROKER_URL", "DJANGO_SETTINGS_MODULE")
        }
        env.update(
            DEBUG="0",
            SECRET_KEY="image-check-" + "x" * 50,
            ALLOWED_HOSTS="chess.example.org",
            SITE_URL="https://chess.example.org",
            DJANGO_SETTINGS_MODULE="config.settings",
            SQLITE_NAME=str(work / "db.sqlite3"),
            STATIC_ROOT=str(work / "static"),
            IMAGE_CHECK_REPO=str(args.context.resolve()),
            IMAGE_CHECK_PACKAGES=" ".join(packages),
            PYTHONDONTWRITEBYTECODE="1",
        )
        result = subprocess.run([sys.executable, "-c", BOOT], cwd=app, env=env, check=False)
        if result.returncode:
            print("the production image's file set does not start (see above)", file=sys.stderr)
        return result.returncode
    finally:
        if args.keep:
            print(work)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
