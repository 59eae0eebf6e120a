#!/bin/bash
# Entrypoint of the Debian-built Redis 7 test image, as the official image's: arguments that
# are options or a .conf file run redis-server with them; redis-server started as root owns
# /data and drops to the redis user; anything else runs as given. Protected mode off, as the
# official build: the server is reached over the container network (with its requirepass).
set -euo pipefail

if [ "${1#-}" != "$1" ] || [ "${1%.conf}" != "$1" ]; then set -- redis-server "$@"; fi

if [ "${1:-}" = redis-server ] && [ "$(id -u)" = 0 ]; then
  find /data \! -user redis -exec chown redis '{}' +
  exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi

if [ "${1:-}" = redis-server ]; then
  shift
  umask 0077
  exec redis-server --protected-mode no "$@"
fi
exec "$@"
