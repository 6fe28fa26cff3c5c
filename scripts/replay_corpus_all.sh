#!/usr/bin/env bash
# Replay the whole reference corpus (bbpPairings 6) through our Dutch engine, round by round, and
# print the figures. Baku files are paired with the virtual points written in their XXA lines.
#
# Usage: scripts/replay_corpus_all.sh [--jobs N] [--sample N] [extra replay_corpus.py options]
# Per-file JSON reports go to ${REPORT_DIR:-/tmp/replay_corpus}.
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS="${CORPUS:-../shared/corpus}"
TOOL="${TOOL:-../shared/tools/replay_corpus.py}"
REPORT_DIR="${REPORT_DIR:-/tmp/replay_corpus}"
if [ ! -d "$CORPUS" ] || [ ! -f "$TOOL" ]; then
    echo "reference corpus or replay tool not found ($CORPUS, $TOOL)" >&2
    exit 2
fi
JOBS=2
ARGS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --jobs) JOBS="$2"; shift 2 ;;
        *) ARGS+=("$1"); shift ;;
    esac
done
mkdir -p "$REPORT_DIR"
ENGINE=".venv/bin/python -m pairing.engine --dutch {input} -p {output}"
for folder in dutch baku; do
    echo "== $folder"
    python3 "$TOOL" --engine "$ENGINE" --jobs "$JOBS" --verbose \
        --report "$REPORT_DIR/$folder.json" ${ARGS[@]+"${ARGS[@]}"} "$CORPUS/$folder" \
        | tee "$REPORT_DIR/$folder.txt" | grep -v '^  ' | tail -n 3
done
