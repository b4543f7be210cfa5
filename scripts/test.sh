#!/usr/bin/env bash
# Runs every test: the unit tests (contracts, the web app's route matching), server tests on PGlite (this Node) and
# on PostgreSQL (under Node 24 LTS) side by side, the build with its JavaScript budget (npm run size), then the
# browser tests against the built site in two workers (two specs start the built server, apps/server/dist/server.js,
# as `npm start` does), and last two built servers behind nginx on one PostgreSQL (deploy/test/multi-instance.test.ts; needs /usr/sbin/nginx).
# The PostgreSQL half uses TEST_DATABASE_URL, else 127.0.0.1:5432, and says at the start which server that is.
# Without an answer there it is skipped, except with CI=true, where a missing PostgreSQL fails the run.
# Prints the time each suite took and one closing line "N passed, N failed" and exits non-zero when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
total_pass=0
total_fail=0
status=0
timings=()
log_dir=$(mktemp -d)

# Adds a finished suite's counts (from its log) to the totals; a suite that failed without a counted failure
# (it did not start, or crashed) counts as one failure.
count_suite() { # name, exit code, seconds
  local name=$1 rc=$2 pass fail
  pass=$(grep -aE '^(ℹ|#) pass [0-9]+' "$log_dir/$name.log" | tail -1 | grep -oE '[0-9]+$' || echo 0)
  fail=$(grep -aE '^(ℹ|#) fail [0-9]+' "$log_dir/$name.log" | tail -1 | grep -oE '[0-9]+$' || echo 0)
  total_pass=$((total_pass + ${pass:-0}))
  total_fail=$((total_fail + ${fail:-0}))
  timings+=("$name $3 s")
  if [ "$rc" -ne 0 ]; then
    status=1
    [ "${fail:-0}" -gt 0 ] || total_fail=$((total_fail + 1))
    echo "!!! $name failed (exit $rc)"
  fi
}

run_suite() { # name, command...: runs it with its output shown as it goes
  local name=$1
  shift
  echo
  echo "=== $name ==="
  local started=$SECONDS
  "$@" 2>&1 | tee "$log_dir/$name.log"
  count_suite "$name" "${PIPESTATUS[0]}" $((SECONDS - started))
}

# Suites that mostly wait (timers, databases, browsers) run side by side: start_suite runs one in the background
# into its log, finish_suite waits for it and then prints its output whole, so outputs never interleave.
start_suite() { # name, command...
  local name=$1
  shift
  (
    started=$SECONDS
    "$@" >"$log_dir/$name.log" 2>&1
    echo "$? $((SECONDS - started))" >"$log_dir/$name.done"
  ) &
}

finish_suite() { # name
  local name=$1
  while [ ! -f "$log_dir/$name.done" ]; do sleep 1; done
  echo
  echo "=== $name ==="
  cat "$log_dir/$name.log"
  # shellcheck disable=SC2046
  count_suite "$name" $(cat "$log_dir/$name.done")
}

# Server and browser tests run in long-lived worker processes that share one queue of test files
# (apps/server/src/test/file-queue.ts): the code loads once per worker instead of once per file, and a browser
# worker keeps one browser and one site for the specs that need nothing else (e2e/fixtures.ts useSite). The slowest
# go first, so the workers end together: files that start real server processes or build the web app, then the
# rest, largest first. Some files alone run with `npm run test:file -- <file>...` (scripts/test-file.sh), in a worker too.
queued_tests() { # workers worker-entry-prefix "test files" [--node BINARY] extra env assignments...
  local workers=$1 entry=$2 files=$3 node_bin=node queue rc slow
  shift 3
  if [ "${1:-}" = "--node" ]; then
    node_bin=$2
    shift 2
  fi
  queue=$(mktemp -d)
  # shellcheck disable=SC2086
  slow=$(grep -l -E 'serverProcess\(|buildServerEntry\(|spawn\(' $files)
  # shellcheck disable=SC2046,SC2086
  { [ -z "$slow" ] || ls -S $slow; ls -S $(grep -vxF "$slow" <<<"$files"); } >"$queue/files"
  # shellcheck disable=SC2046
  env VITRINE_TEST_QUEUE="$queue" "$@" "$node_bin" --import tsx --test --test-reporter=spec \
    --test-concurrency="$workers" $(seq -f "$entry-%g.ts" 1 "$workers")
  rc=$?
  local ended total
  ended=$(find "$queue" -maxdepth 1 -name 'done-*' | wc -l)
  total=$(wc -l <"$queue/files")
  if [ "$ended" -ne "$total" ]; then
    echo "!!! só $ended de $total arquivos de teste terminaram (um worker parou antes do fim)"
    rc=1
  fi
  rm -rf "$queue"
  return $rc
}

# A server test file that needs no database says so on its first line ("// Needs no database"): it runs once, in
# the PostgreSQL half (under Node 24, the half with time to spare), and in the PGlite half only when PostgreSQL
# does not answer.
server_tests() { # half (pglite|postgres) workers [--node BINARY] extra env assignments...
  local half=$1 workers=$2 files
  shift 2
  files=$(find apps/server/src -name '*.test.ts' | sort)
  if [ "$half" = pglite ] && [ "$pg_up" -eq 0 ]; then
    # shellcheck disable=SC2086
    files=$(grep -L -m1 '^// Needs no database' $files)
  fi
  queued_tests "$workers" apps/server/src/test/worker "$files" "$@"
}

# The PostgreSQL of the server tests, named without its password, and its version when it answers.
pg_shown=$(node -e 'const u = new URL(process.argv[1]); u.password = ""; console.log(u.href)' "$PG_URL" 2>/dev/null ||
  echo "(TEST_DATABASE_URL inválida)")
pg_version=$(node -e "require('postgres')(process.argv[1],{max:1,connect_timeout:3,onnotice(){}})\`select version()\`.then(r=>{console.log(r[0].version);process.exit(0)},()=>process.exit(1))" "$PG_URL" 2>/dev/null)
pg_up=$?
if [ "$pg_up" -eq 0 ]; then
  echo "PostgreSQL dos testes: $pg_shown — $pg_version"
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL dos testes: nenhum responde em $pg_shown — com CI=true isso é uma falha"
else
  echo "PostgreSQL dos testes: nenhum responde em $pg_shown — a metade PostgreSQL será pulada (defina TEST_DATABASE_URL)"
fi

# Node 24 LTS for the server suite's PostgreSQL half: the `node` package of the npm registry, kept in a cache
# folder between runs. Without the registry that half runs on this Node, except with CI=true, where that fails the run.
node24_dir="${VITRINE_NODE24_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/vitrine/node24}"
node24="$node24_dir/node_modules/node/bin/node"
if [ "$pg_up" -eq 0 ] && ! "$node24" --version 2>/dev/null | grep -q '^v24\.'; then
  echo "Instalando Node 24 (pacote node@24 do npm) em $node24_dir..."
  mkdir -p "$node24_dir"
  npm install --silent --no-save --no-audit --no-fund --prefix "$node24_dir" node@24 >/dev/null 2>&1 || true
fi
node24_version=$("$node24" --version 2>/dev/null || true)

run_suite unit npm run --silent test:unit

# The two halves of the server tests run side by side (each on its own database): PGlite under this machine's
# Node (20), PostgreSQL under Node 24 LTS when it could be installed (with CI=true it must be), else this Node.
# A third full run was tried: on two cores it took the whole run past an hour.
pg_node=node
pg_suite=server-postgres
if [[ "$node24_version" == v24.* ]]; then
  echo "Node da metade PostgreSQL: $node24_version"
  pg_node=$node24
  pg_suite=server-postgres-node24
elif [ "$pg_up" -eq 0 ] && [ "${CI:-}" = "true" ]; then
  echo "!!! Node 24 não pôde ser instalado (npm install node@24) e CI=true exige a metade PostgreSQL nele"
  status=1
  total_fail=$((total_fail + 1))
fi
# PGlite works on the worker's own thread: two workers for two cores. The PostgreSQL half waits on its database
# about half the time: a third worker uses that time.
PG_WORKERS=3
start_suite server-pglite server_tests pglite 2 TEST_DATABASE_URL=
[ "$pg_up" -eq 0 ] && start_suite "$pg_suite" server_tests postgres "$PG_WORKERS" --node "$pg_node" TEST_DATABASE_URL="$PG_URL"
finish_suite server-pglite

if [ "$pg_up" -eq 0 ]; then
  finish_suite "$pg_suite"
elif [ "${CI:-}" = "true" ]; then
  echo "!!! server-postgres: PostgreSQL não responde em $pg_shown e CI=true exige os testes nele"
  status=1
  total_fail=$((total_fail + 1))
else
  echo "=== server-postgres: PostgreSQL não responde em $pg_shown — suíte pulada (defina TEST_DATABASE_URL) ==="
fi

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Instalando Chromium (Debian) para os testes de navegador..."
    (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) || echo "Falha ao instalar o Chromium"
  fi
fi
run_suite build npm run build --silent
run_suite size npm run --silent size
# Two browser workers (e2e/worker-1.ts, worker-2.ts), each with one browser and the sites its specs need on free
# ports (e2e/fixtures.ts useSite). Under CI=true the pictures written for a person to look at (.screenshots/) are
# not taken: nobody sees CI's disk (E2E_SCREENSHOTS=1 takes them anyway).
[ "${CI:-}" = "true" ] && export E2E_SCREENSHOTS="${E2E_SCREENSHOTS:-0}"
run_suite e2e queued_tests 2 e2e/worker "$(find e2e -name '*.spec.ts')"
# Two instances of the built server behind nginx, on a database of their own on the PostgreSQL above.
if [ "$pg_up" -eq 0 ]; then
  run_suite multi-instance node --import tsx --test --test-reporter=spec deploy/test/multi-instance.test.ts
else
  echo "=== multi-instance: PostgreSQL não responde em $pg_shown — suíte pulada (defina TEST_DATABASE_URL) ==="
fi

echo
echo "=== resumo ==="
printf 'tempo: %s\n' "${timings[@]}"
echo "$total_pass passed, $total_fail failed"
rm -rf "$log_dir"
exit $status
