"""Issue 32 item 1: the production image's file set (the Dockerfile's COPY lines) must start the
app, so an installed app the Dockerfile forgets fails CI (``reports/`` was forgotten once:
``ModuleNotFoundError`` in the image only). ``scripts/check_image_files.py`` copies exactly what
the Dockerfile copies into an empty folder and runs ``manage.py check`` there with ``DEBUG=0``
and nothing of this checkout importable; ``.ci/run`` runs it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "check_image_files.py"


def _check(*args: str) -> subprocess.CompletedProcess[str]:
    assert SCRIPT.exists(), "scripts/check_image_files.py: the image's file set is not checked"
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


def _context_without(tmp_path: Path, app: str) -> Path:
    """A build context like the repository's, whose Dockerfile and pyproject.toml both forget ``app``
    (so only starting the app can tell)."""
    context = tmp_path / "context"
    context.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in ("Dockerfile", "pyproject.toml", ".git", ".venv"):
            (context / entry.name).symlink_to(entry)
    dockerfile = [
        line for line in (ROOT / "Dockerfile").read_text().splitlines() if f"COPY {app} " not in line
    ]
    (context / "Dockerfile").write_text("\n".join(dockerfile) + "\n")
    (context / "pyproject.toml").write_text(
        (ROOT / "pyproject.toml").read_text().replace(f', "{app}*"', "").replace(f'"{app}*", ', "")
    )
    return context


def test_the_dockerfiles_file_set_starts_the_app():
    result = _check()
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_forgotten_app_fails_the_check(tmp_path):
    context = _context_without(tmp_path, "reports")
    result = _check("--dockerfile", str(context / "Dockerfile"), "--context", str(context))
    assert result.returncode == 1
    assert "No module named 'reports'" in result.stderr, result.stderr[-2000:]


def test_a_forgotten_package_that_pyproject_installs_is_named(tmp_path):
    dockerfile = tmp_path / "Dockerfile"
    dockerfile.write_text((ROOT / "Dockerfile").read_text().replace("COPY reports ./reports\n", ""))
    result = _check("--dockerfile", str(dockerfile))
    assert result.returncode == 1
    assert "does not copy reports" in result.stderr


@pytest.mark.parametrize("folder", ["templates", "static"])
def test_forgotten_templates_or_static_files_fail_the_check(tmp_path, folder):
    dockerfile = tmp_path / "Dockerfile"
    dockerfile.write_text((ROOT / "Dockerfile").read_text().replace(f"COPY {folder} ./{folder}\n", ""))
    result = _check("--dockerfile", str(dockerfile))
    assert result.returncode == 1
    assert "is not in the image" in result.stderr, result.stderr[-2000:]
