#!/usr/bin/env bash
# Starts Debian's PostgreSQL (installing it when missing) and prints a TCP connection URL.
# Used by .ci/run for the server tests on PostgreSQL and the PostgreSQL durability run.
set -euo pipefail
if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -q && break
  sleep 1
done
password=${PG_TEST_PASSWORD:-peptide-test}
su postgres -c "psql -q -c \"alter user postgres password '$password'\"" >&2
echo "postgres://postgres:$password@127.0.0.1:5432/postgres"
