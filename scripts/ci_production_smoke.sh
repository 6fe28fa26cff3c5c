#!/usr/bin/env bash
# Production smoke test: the app as it runs in production, driven by a browser.
#
#   collectstatic -> gunicorn (DEBUG=0) behind Debian's nginx with deploy/nginx/default.conf.template
#   (the file docker-compose.yml mounts) -> a real Celery worker -> PostgreSQL and Redis
#
# then tests/production/ in Chromium: an arbiter logs in, creates a tournament, registers players,
# pairs round 1 through the worker, enters a result and opens the public link; every page must
# have its styles and htmx, and no console error or CSP violation.
#
# Needs PostgreSQL and Redis on 127.0.0.1, /usr/sbin/nginx, /usr/bin/chromium and .venv.
# Ports, database and Redis numbers can be moved with SMOKE_* variables (defaults below).
set -euo pipefail
cd "$(dirname "$0")/.."

APP_PORT=${SMOKE_APP_PORT:-8191}
WEB_PORT=${SMOKE_WEB_PORT:-8192}
DB_NAME=${SMOKE_DB_NAME:-chessclub_smoke}
BROKER_DB=${SMOKE_BROKER_DB:-12}
CACHE_DB=${SMOKE_CACHE_DB:-13}
NGINX=${NGINX:-/usr/sbin/nginx}
BIN=.venv/bin

work=$(mktemp -d /tmp/chessclub-smoke.XXXXXX)
chmod 755 "$work"  # nginx's workers run as nobody and read the static files from here
pids=()
cleanup() {
  local status=$?
  if [ -f "$work/nginx/nginx.pid" ]; then "$NGINX" -p "$work/nginx" -c "$work/nginx/nginx.conf" -s stop || true; fi
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "$status" -ne 0 ]; then
    for log in gunicorn.log worker.log nginx/error.log; do
      [ -f "$work/$log" ] && { echo "---- $log (last 40 lines)"; tail -n 40 "$work/$log"; }
    done
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT

export DJANGO_SETTINGS_MODULE=config.settings
export DEBUG=0
SECRET_KEY=$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')
export SECRET_KEY
export ALLOWED_HOSTS=127.0.0.1,localhost
export SITE_URL=http://127.0.0.1:$WEB_PORT
export CSRF_TRUSTED_ORIGINS=$SITE_URL
# Plain HTTP on 127.0.0.1: no TLS terminator here.
export SECURE_SSL_REDIRECT=0 SESSION_COOKIE_SECURE=0 CSRF_COOKIE_SECURE=0 SECURE_HSTS_SECONDS=0
export TRUSTED_PROXY_COUNT=1
export DATABASE_URL=postgres://postgres@127.0.0.1:5432/$DB_NAME
export CELERY_BROKER_URL=redis://127.0.0.1:6379/$BROKER_DB
export CACHE_URL=redis://127.0.0.1:6379/$CACHE_DB
export CELERY_QUEUE=smoke-$$
export EMAIL_URL=console://
export STATIC_ROOT=$work/static
export DB_CONN_MAX_AGE=0

echo "== database $DB_NAME, broker db $BROKER_DB, cache db $CACHE_DB, work dir $work"
psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $DB_NAME" -c "CREATE DATABASE $DB_NAME"
redis-cli -h 127.0.0.1 -n "$CACHE_DB" flushdb >/dev/null
"$BIN/python" manage.py migrate --noinput -v 0
"$BIN/python" manage.py createcachetable
"$BIN/python" manage.py collectstatic --noinput -v 0
"$BIN/python" manage.py check --fail-level WARNING  # --deploy: its own CI step (TLS settings are off here)
SMOKE_USER=arbiter-smoke
SMOKE_PASSWORD=$(python3 -c 'import secrets; print(secrets.token_urlsafe(16))')
export SMOKE_USER SMOKE_PASSWORD
"$BIN/python" manage.py shell -c "
import os
from django.contrib.auth import get_user_model
get_user_model().objects.create_user(os.environ['SMOKE_USER'], password=os.environ['SMOKE_PASSWORD'])
"

echo "== gunicorn on 127.0.0.1:$APP_PORT, a Celery worker on queue $CELERY_QUEUE"
"$BIN/gunicorn" config.wsgi:application --bind "127.0.0.1:$APP_PORT" --workers 2 \
  --access-logfile "$work/gunicorn.log" --error-logfile "$work/gunicorn.log" &
pids+=($!)
"$BIN/celery" -A config worker --pool=solo --concurrency=1 -Q "$CELERY_QUEUE" \
  --without-gossip --without-mingle --loglevel=INFO >"$work/worker.log" 2>&1 &
pids+=($!)

echo "== nginx on 127.0.0.1:$WEB_PORT with deploy/nginx/default.conf.template"
mkdir -p "$work/nginx/cache" "$work/nginx/tmp"
chmod 777 "$work/nginx/cache" "$work/nginx/tmp"
NGINX_PORT="127.0.0.1:$WEB_PORT" APP_UPSTREAM="127.0.0.1:$APP_PORT" STATIC_ROOT="$STATIC_ROOT" \
NGINX_CACHE_DIR="$work/nginx/cache" \
  envsubst '${NGINX_PORT} ${APP_UPSTREAM} ${STATIC_ROOT} ${NGINX_CACHE_DIR}' \
  <deploy/nginx/default.conf.template >"$work/nginx/app.conf"
# The main file the nginx image has, reduced to what running unprivileged in a directory needs.
cat >"$work/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log $work/nginx/access.log;
    client_body_temp_path $work/nginx/tmp/body;
    proxy_temp_path $work/nginx/tmp/proxy;
    fastcgi_temp_path $work/nginx/tmp/fastcgi;
    uwsgi_temp_path $work/nginx/tmp/uwsgi;
    scgi_temp_path $work/nginx/tmp/scgi;
    sendfile on;
    include $work/nginx/app.conf;
}
CONF
"$NGINX" -p "$work/nginx" -c "$work/nginx/nginx.conf" -t -q
"$NGINX" -p "$work/nginx" -c "$work/nginx/nginx.conf"

for _ in $(seq 60); do
  curl -fs -o /dev/null "http://127.0.0.1:$WEB_PORT/accounts/login/" && break
  sleep 1
done
curl -fsS -o /dev/null "http://127.0.0.1:$WEB_PORT/accounts/login/"
grep -q "ready" "$work/worker.log" || { sleep 5; grep -q "ready" "$work/worker.log"; }

echo "== the arbiter's story in Chromium"
SMOKE_BASE_URL="http://127.0.0.1:$WEB_PORT" \
  "$BIN/python" -m pytest -p no:django -p no:cacheprovider -o addopts="" --confcutdir=tests/production \
  tests/production -q -m production
