# Production image: the web process (gunicorn) and the Celery worker share it. collectstatic runs
# at build time (the image alone serves its files through WhiteNoise) and again when the compose
# file's web service starts, into the volume nginx serves.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY config ./config
COPY core ./core
COPY tournaments ./tournaments
COPY pairing ./pairing
COPY accounts ./accounts
COPY clubs ./clubs
COPY ratings ./ratings
COPY reports ./reports
COPY entries ./entries
COPY prizes ./prizes
COPY teams ./teams
COPY templates ./templates
COPY static ./static
COPY locale ./locale
COPY manage.py ./
RUN pip install --no-cache-dir . && DEBUG=0 SECRET_KEY=build-only python manage.py collectstatic --noinput
# Uploaded rating lists wait in var/ for the worker (a volume shared by web and worker).
RUN mkdir -p var/rating-lists && useradd --system --home /app chess && chown -R chess /app
USER chess
EXPOSE 8000
CMD ["gunicorn", "config.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
