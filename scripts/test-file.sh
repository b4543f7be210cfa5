#!/usr/bin/env bash
# Runs the given test files as `npm test` runs them: in one worker (apps/server/src/test/file-queue.ts), where each
# file is a suite whose before/after hooks run one after another in the order they were registered. (Run bare with
# `node --test <file>`, Node runs a file's top-level `before` hooks without waiting for each other, and a fixture's
# hook, as useTestContext's or useSite's, may not have ended when the file's own hook reads it.)
# Server test files run on PGlite, or on the PostgreSQL of TEST_DATABASE_URL when it is set; browser specs (e2e/)
# need `npm run build` first. `--workers N` shares the files among N workers (at most 2 for browser specs, 3 for
# server files). Usage: npm run test:file -- [--workers N] <file>...
set -uo pipefail
cd "$(dirname "$0")/.."
workers=1
if [ "${1:-}" = "--workers" ]; then
  workers=$2
  shift 2
fi
[ $# -gt 0 ] || { echo "uso: npm run test:file -- [--workers N] <arquivo de teste>..." >&2; exit 2; }
case "$1" in
  e2e/*) entry=e2e/worker ;;
  *) entry=apps/server/src/test/worker ;;
esac
queue=$(mktemp -d)
printf '%s\n' "$@" >"$queue/files"
# shellcheck disable=SC2046
VITRINE_TEST_QUEUE="$queue" node --import tsx --test --test-reporter=spec --test-concurrency="$workers" \
  $(seq -f "$entry-%g.ts" 1 "$workers")
rc=$?
rm -rf "$queue"
exit $rc
