#!/usr/bin/env bash
# Starts Debian's PostgreSQL (installing it when missing) and prints a TCP connection URL.
# Used by .ci/run for the server tests on PostgreSQL and the PostgreSQL durability run.
#
# After an unclean stop (the machine halted or snapshotted with the server running) PostgreSQL
# syncs its whole data folder before recovery. Its default method opens every file: on a 19 GB
# folder that took 250 s here, past the old 90 s wait, and CI failed before any test ran.
# `syncfs` syncs the file system in one call (4 s on the same folder). The wait is long enough
# for a slow recovery all the same, and if the server still does not answer, the end of its log
# says why (it used to be thrown away).
set -euo pipefail
if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
log=/var/log/postgresql/postgresql-$version-main.log
wait_seconds=${PG_START_SECONDS:-600}
if ! pg_isready -h 127.0.0.1 -q; then
  # pg_ctl waits (-w) up to -t seconds for the server to accept connections.
  pg_ctlcluster --skip-systemctl-redirect "$version" main start -- -w -t "$wait_seconds" \
    -o "-c recovery_init_sync_method=syncfs" >&2 || true
fi
# Started elsewhere (another run, a service manager): wait while its server process lives.
for _ in $(seq 1 "$wait_seconds"); do
  pg_isready -h 127.0.0.1 -q && break
  pg_ctlcluster "$version" main status >/dev/null 2>&1 || break
  sleep 1
done
if ! pg_isready -h 127.0.0.1 -q; then
  echo "PostgreSQL $version did not accept connections within ${wait_seconds} s; the end of $log:" >&2
  tail -n 40 "$log" >&2 || true
  exit 1
fi
password=${PG_TEST_PASSWORD:-peptide-test}
su postgres -c "psql -q -c \"alter user postgres password '$password'\"" >&2
echo "postgres://postgres:$password@127.0.0.1:5432/postgres"
