#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on loopback for the server suite and prints its URL.
# Installs Debian's postgresql when the machine has none. Run as root (CI is).
# PG_CLUSTER and PG_PORT pick another cluster (the fault suite stops and starts its own).
set -euo pipefail

PORT="${PG_PORT:-54329}"
CLUSTER="${PG_CLUSTER:-ci}"
if ! command -v pg_createcluster >/dev/null 2>&1; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
VERSION="$(ls /usr/lib/postgresql | sort -n | tail -1)"

if ! pg_lsclusters --no-header | awk '{print $1, $2}' | grep -qx "$VERSION $CLUSTER"; then
  pg_createcluster "$VERSION" "$CLUSTER" --port "$PORT" -- --auth-local=trust --auth-host=scram-sha-256 >&2
fi
# The server outlives this script: it must not inherit its open files beyond stdin/out/err. Run
# under `flock <lockfile> npm run test:postgres` it would otherwise keep the lock held for as long
# as the cluster runs, and every later `flock` on it would wait forever.
(
  for fd in /proc/$BASHPID/fd/*; do
    fd="${fd##*/}"
    if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi
  done
  pg_ctlcluster "$VERSION" "$CLUSTER" start >&2 2>/dev/null
) || true
su postgres -c "psql -q -p $PORT -tc \"SELECT 1 FROM pg_roles WHERE rolname = 'blockfront'\"" | grep -q 1 ||
  su postgres -c "psql -q -p $PORT -c \"CREATE ROLE blockfront LOGIN SUPERUSER PASSWORD 'blockfront'\"" >&2
su postgres -c "psql -q -p $PORT -tc \"SELECT 1 FROM pg_database WHERE datname = 'blockfront'\"" | grep -q 1 ||
  su postgres -c "psql -q -p $PORT -c 'CREATE DATABASE blockfront OWNER blockfront'" >&2

echo "postgres://blockfront:blockfront@127.0.0.1:$PORT/blockfront"
