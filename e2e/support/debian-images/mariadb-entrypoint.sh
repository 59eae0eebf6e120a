#!/bin/bash
# Entrypoint of the Debian-built MariaDB test image, honouring the official image's variables:
# MARIADB_ROOT_PASSWORD, MARIADB_DATABASE, MARIADB_USER, MARIADB_PASSWORD (MYSQL_* aliases too),
# each also as <NAME>_FILE (read from a file, e.g. a mounted secret).
set -euo pipefail

file_env() {
  local var="$1" alias="$2" file_var="${1}_FILE" alias_file="${2}_FILE"
  local value="${!var:-${!alias:-}}"
  local file="${!file_var:-${!alias_file:-}}"
  if [ -n "$file" ]; then value="$(cat "$file")"; fi
  export "$var"="$value"
}

if [ "${1:-mariadbd}" != mariadbd ]; then exec "$@"; fi

file_env MARIADB_ROOT_PASSWORD MYSQL_ROOT_PASSWORD
file_env MARIADB_DATABASE MYSQL_DATABASE
file_env MARIADB_USER MYSQL_USER
file_env MARIADB_PASSWORD MYSQL_PASSWORD

datadir=/var/lib/mysql
mkdir -p "$datadir" /run/mysqld
chown -R mysql:mysql "$datadir" /run/mysqld

sql_quote() { printf "%s" "$1" | sed "s/\\\\/\\\\\\\\/g; s/'/\\\\'/g"; }
ident_quote() { printf "%s" "$1" | sed 's/`/``/g'; }

if [ ! -d "$datadir/mysql" ]; then
  if [ -z "$MARIADB_ROOT_PASSWORD" ]; then
    echo "MARIADB_ROOT_PASSWORD (or MARIADB_ROOT_PASSWORD_FILE) is required" >&2
    exit 1
  fi
  mariadb-install-db --user=mysql --datadir="$datadir" --auth-root-authentication-method=normal \
    --skip-test-db >/dev/null
  setpriv --reuid=mysql --regid=mysql --init-groups mariadbd --datadir="$datadir" \
    --skip-networking --socket=/run/mysqld/init.sock &
  pid=$!
  for _ in $(seq 60); do
    mariadb-admin --socket=/run/mysqld/init.sock ping >/dev/null 2>&1 && break
    sleep 1
  done
  {
    echo "DELETE FROM mysql.user WHERE user = '';"
    echo "ALTER USER 'root'@'localhost' IDENTIFIED BY '$(sql_quote "$MARIADB_ROOT_PASSWORD")';"
    echo "CREATE USER 'root'@'%' IDENTIFIED BY '$(sql_quote "$MARIADB_ROOT_PASSWORD")';"
    echo "GRANT ALL ON *.* TO 'root'@'%' WITH GRANT OPTION;"
    if [ -n "$MARIADB_DATABASE" ]; then
      echo "CREATE DATABASE IF NOT EXISTS \`$(ident_quote "$MARIADB_DATABASE")\`;"
    fi
    if [ -n "$MARIADB_USER" ]; then
      echo "CREATE USER '$(sql_quote "$MARIADB_USER")'@'%' IDENTIFIED BY '$(sql_quote "$MARIADB_PASSWORD")';"
      if [ -n "$MARIADB_DATABASE" ]; then
        echo "GRANT ALL ON \`$(ident_quote "$MARIADB_DATABASE")\`.* TO '$(sql_quote "$MARIADB_USER")'@'%';"
      fi
    fi
    echo "FLUSH PRIVILEGES;"
  } | mariadb --socket=/run/mysqld/init.sock -uroot
  # Without CAP_KILL root cannot signal the server (it runs as mysql): ask it to stop.
  mariadb-admin --socket=/run/mysqld/init.sock -uroot --password="$MARIADB_ROOT_PASSWORD" shutdown
  wait "$pid" || true
fi

shift || true
exec setpriv --reuid=mysql --regid=mysql --init-groups mariadbd --datadir="$datadir" \
  --bind-address=0.0.0.0 --port=3306 --socket=/run/mysqld/mysqld.sock "$@"
