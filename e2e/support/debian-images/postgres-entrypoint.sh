#!/bin/bash
# Entrypoint of the Debian-built PostgreSQL 15 test image, honouring the official image's
# variables: POSTGRES_PASSWORD, POSTGRES_USER (default postgres), POSTGRES_DB (default the user),
# each also as <NAME>_FILE, and PGDATA.
set -euo pipefail

file_env() {
  local var="$1" default="${2:-}" file_var="${1}_FILE"
  local value="${!var:-$default}"
  if [ -n "${!file_var:-}" ]; then value="$(cat "${!file_var}")"; fi
  export "$var"="$value"
}

if [ "${1:-postgres}" != postgres ]; then exec "$@"; fi

file_env POSTGRES_PASSWORD
file_env POSTGRES_USER postgres
file_env POSTGRES_DB "$POSTGRES_USER"
export PGDATA="${PGDATA:-/var/lib/postgresql/data}"

mkdir -p "$PGDATA" /var/run/postgresql
chmod 0700 "$PGDATA"
chown -R postgres:postgres "$PGDATA" /var/run/postgresql

as_pg() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "$POSTGRES_PASSWORD" ]; then
    echo "POSTGRES_PASSWORD (or POSTGRES_PASSWORD_FILE) is required" >&2
    exit 1
  fi
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  chown postgres "$pwfile"
  as_pg initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust \
    --auth-host=scram-sha-256 -E UTF8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    as_pg postgres --single -D "$PGDATA" -j postgres >/dev/null <<SQL
CREATE DATABASE "$(printf '%s' "$POSTGRES_DB" | sed 's/"/""/g')" OWNER "$(printf '%s' "$POSTGRES_USER" | sed 's/"/""/g')";
SQL
  fi
fi

shift || true
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" \
  -c listen_addresses='*' "$@"
