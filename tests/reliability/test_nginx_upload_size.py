"""Issue 32 item 5: a full FIDE players list (about 164 MB) must pass the shipped nginx
configuration (deploy/nginx/default.conf.template) on its upload path, while every other path
keeps the small body limit.

Debian's nginx runs the template (as scripts/ci_production_smoke.sh does) in front of a stub
upstream that reads the whole body and answers with its size.
"""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NGINX = os.environ.get("NGINX", "/usr/sbin/nginx")
MB = 1024 * 1024

pytestmark = pytest.mark.skipif(
    not (Path(NGINX).exists() and shutil.which("envsubst")), reason="needs Debian's nginx and envsubst"
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class _Upstream(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        remaining, received = int(self.headers.get("Content-Length", 0)), 0
        while remaining:
            chunk = self.rfile.read(min(remaining, MB))
            if not chunk:
                break
            received += len(chunk)
            remaining -= len(chunk)
        body = str(received).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def nginx():
    # Not under pytest's temporary folder (0700): nginx's workers run as nobody when started as
    # root, and write request bodies into tmp/.
    work = Path(tempfile.mkdtemp(prefix="nginx-upload-"))
    work.chmod(0o755)
    upstream = ThreadingHTTPServer(("127.0.0.1", 0), _Upstream)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    port = _free_port()
    for folder in ("cache", "tmp"):
        (work / folder).mkdir()
        (work / folder).chmod(0o777)
    env = {
        **os.environ,
        "NGINX_PORT": f"127.0.0.1:{port}",
        "APP_UPSTREAM": f"127.0.0.1:{upstream.server_address[1]}",
        "STATIC_ROOT": str(work / "static"),
        "NGINX_CACHE_DIR": str(work / "cache"),
    }
    template = (ROOT / "deploy" / "nginx" / "default.conf.template").read_text()
    app_conf = subprocess.run(
        ["envsubst", "${NGINX_PORT} ${APP_UPSTREAM} ${STATIC_ROOT} ${NGINX_CACHE_DIR}"],
        input=template,
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    (work / "app.conf").write_text(app_conf)
    (work / "nginx.conf").write_text(
        f"""worker_processes 1;
pid {work}/nginx.pid;
error_log {work}/error.log warn;
events {{ worker_connections 64; }}
http {{
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path {work}/tmp/body;
    proxy_temp_path {work}/tmp/proxy;
    fastcgi_temp_path {work}/tmp/fastcgi;
    uwsgi_temp_path {work}/tmp/uwsgi;
    scgi_temp_path {work}/tmp/scgi;
    include {work}/app.conf;
}}
"""
    )
    command = [NGINX, "-p", str(work), "-c", str(work / "nginx.conf")]
    subprocess.run([*command, "-t", "-q"], check=True)
    subprocess.run(command, check=True)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield port
    finally:
        subprocess.run([*command, "-s", "stop"], check=False)
        upstream.shutdown()
        shutil.rmtree(work, ignore_errors=True)


def _post(port: int, path: str, size: int, *, send_body: bool = True) -> tuple[int, bytes]:
    """POST ``size`` bytes (streamed, never held whole); without ``send_body`` only the headers go
    out, which is all nginx needs to refuse a body that is too large."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    connection.putrequest("POST", path)
    connection.putheader("Content-Type", "multipart/form-data; boundary=x")
    connection.putheader("Content-Length", str(size))
    connection.endheaders()
    if send_body:
        block = b"0" * MB
        sent = 0
        while sent < size:
            piece = block[: min(MB, size - sent)]
            connection.send(piece)
            sent += len(piece)
    response = connection.getresponse()
    return response.status, response.read()


def test_a_12_mb_list_passes_the_upload_path(nginx):
    status, body = _post(nginx, "/ratings/", 12 * MB)
    assert (status, body) == (200, str(12 * MB).encode())


def test_a_full_fide_list_of_170_mb_passes_the_upload_path(nginx):
    status, body = _post(nginx, "/ratings/", 170 * MB)
    assert (status, body) == (200, str(170 * MB).encode())


def test_the_upload_path_still_has_a_limit(nginx):
    status, _ = _post(nginx, "/ratings/", 300 * MB, send_body=False)
    assert status == 413


@pytest.mark.parametrize("path", ["/accounts/login/", "/api/tournaments/", "/t/1/participants/import/"])
def test_other_paths_keep_the_small_limit(nginx, path):
    status, _ = _post(nginx, path, 12 * MB, send_body=False)
    assert status == 413
