"""With DEBUG off the app itself serves its static files (WhiteNoise): hashed names that can be
cached for ever, compressed copies, and /favicon.ico."""

from __future__ import annotations

import json

from tests.config.production import PRODUCTION, run_python

FETCH = """
import json, re
import django
django.setup()
from django.test import Client
client = Client()
page = client.get("/accounts/login/").content.decode()
css = re.search(r'href="(/static/css/app[^"]*\\.css)"', page).group(1)
js = re.search(r'src="(/static/js/htmx[^"]*\\.js)"', page).group(1)
out = {"css": css, "js": js}
for name, url in (("css", css), ("js", js)):
    r = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    out[name + "_status"] = r.status_code
    out[name + "_type"] = r.get("Content-Type", "")
    out[name + "_encoding"] = r.get("Content-Encoding", "")
    out[name + "_cache"] = r.get("Cache-Control", "")
favicon = client.get("/favicon.ico", follow=True)
out["favicon_status"] = favicon.status_code
out["favicon_type"] = favicon.get("Content-Type", "")
print(json.dumps(out))
"""


def test_debug_off_serves_hashed_compressed_static_files_and_a_favicon(tmp_path):
    env = {**PRODUCTION, "STATIC_ROOT": str(tmp_path / "static")}
    collected = run_python("", "collectstatic", "--noinput", **env)
    assert collected.returncode == 0, collected.stderr
    out = run_python(FETCH, **env)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.strip().splitlines()[-1])
    # Hashed names (app.<hash>.css), so a new release never meets an old cached copy.
    assert got["css"] != "/static/css/app.css" and got["js"] != "/static/js/htmx.min.js"
    assert (got["css_status"], got["js_status"]) == (200, 200)
    assert got["css_type"].startswith("text/css")
    assert "javascript" in got["js_type"]
    assert got["css_encoding"] == "gzip" and got["js_encoding"] == "gzip"
    assert "immutable" in got["css_cache"]
    assert got["favicon_status"] == 200
    assert got["favicon_type"] in ("image/x-icon", "image/vnd.microsoft.icon")
