"""REST API, mounted at ``/api/``. Browse it at ``/api/docs/``; the OpenAPI 3 schema is ``/api/schema/``.

A club's routine from a shell::

    TOKEN=$(curl -s -X POST localhost:8000/api/auth/token/ \\
        -H 'Content-Type: application/json' -d '{"username": "olga", "password": "..."}' | jq -r .token)
    H="Authorization: Token $TOKEN"
    curl -s -H "$H" localhost:8000/api/tournaments/                          # your tournaments
    curl -s -H "$H" -X POST localhost:8000/api/tournaments/7/rounds/pair/     # 202, then poll:
    curl -s -H "$H" localhost:8000/api/tournaments/7/rounds/4/               # status pairing -> draft
    curl -s -H "$H" -X POST localhost:8000/api/tournaments/7/rounds/4/publish/
    curl -s -H "$H" -X PUT localhost:8000/api/tournaments/7/rounds/4/boards/1/ \\
        -H 'Content-Type: application/json' -d '{"result": "1-0", "version": 0}'   # 409 if stale
    curl -s -H "$H" 'localhost:8000/api/tournaments/7/export/trf/?version=2026' -o report.trf
    curl -s -H "$H" -F file=@other-program.trf localhost:8000/api/tournaments/import/trf/

Spectators need no account: ``/api/public/<public token>/`` (tournament), ``participants/``,
``rounds/``, ``rounds/<n>/`` and ``standings/`` show published and finished rounds only, never
e-mail addresses.

Errors are JSON ``{"detail": "...", "errors": {field: [messages]}}``: 400 bad input or a tournament
rule, 401 not logged in, 403 a role too small, 404 no such object or no role in its tournament,
409 changed by someone else first.

The same exports and imports as management commands: ``export_trf``, ``import_trf``,
``export_json``, ``import_json``, ``export_csv`` (``manage.py help <command>``).
"""
