#!/bin/bash
# Builds a real database image from Debian bookworm packages and imports it into Podman under
# the official catalogue name, only if that name is absent. The rootfs is cached under
# /var/cache/nuage-test-images; each image is built behind <name>.lock, a lock file shared with
# every other script that builds the same name (so two test runs never build it twice at once).
#
#   build.sh mariadb    → docker.io/library/mariadb:10.11      (package mariadb-server, 10.11)
#   build.sh postgres   → docker.io/library/postgres:15-alpine (package postgresql, 15)
set -euo pipefail

name="${1:?usage: build.sh mariadb|postgres}"
here="$(cd "$(dirname "$0")" && pwd)"
cache=/var/cache/nuage-test-images
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

case "$name" in
  mariadb)
    ref=docker.io/library/mariadb:10.11
    packages=mariadb-server
    changes=(--change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' --change 'CMD ["mariadbd"]'
      --change 'EXPOSE 3306' --change 'VOLUME /var/lib/mysql') ;;
  postgres)
    ref=docker.io/library/postgres:15-alpine
    packages=postgresql
    changes=(--change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' --change 'CMD ["postgres"]'
      --change 'EXPOSE 5432' --change 'ENV PGDATA=/var/lib/postgresql/data'
      --change 'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
      --change 'VOLUME /var/lib/postgresql/data') ;;
  *) echo "unknown image $name" >&2; exit 2 ;;
esac

mkdir -p "$cache"
exec 9>"$cache/$name.lock"
flock 9

# The entrypoint's checksum is a label of the image: a changed entrypoint is imported again.
entry_sum="$(sha256sum "$here/$name-entrypoint.sh" | cut -c1-16)"
if podman image exists "$ref"; then
  if [ "$(podman image inspect --format '{{index .Config.Labels "nuage.entrypoint"}}' "$ref")" = "$entry_sum" ]; then
    echo "$ref already present"
    exit 0
  fi
  echo "$ref present with another entrypoint: importing again"
fi

# The minimal Debian rootfs, shared by both images, made once behind its own lock.
base="$cache/bookworm-minbase"
(
  exec 8>"$cache/bookworm-minbase.lock"
  flock 8
  if [ ! -f "$base/.complete" ]; then
    rm -rf "$base"
    debootstrap --variant=minbase bookworm "$base" "$mirror"
    touch "$base/.complete"
  fi
)

root="$cache/rootfs-$name"
if [ ! -f "$root/.complete" ]; then
  rm -rf "$root"
  cp -a "$base" "$root"
  rm -f "$root/.complete"
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  # Packages' maintainer scripts must not start servers inside the chroot.
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod +x "$root/usr/sbin/policy-rc.d"
  chroot "$root" /usr/bin/env DEBIAN_FRONTEND=noninteractive apt-get update
  chroot "$root" /usr/bin/env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends "$packages"
  chroot "$root" apt-get clean
  rm -rf "$root/var/lib/apt/lists/"* "$root/usr/sbin/policy-rc.d"
  if [ "$name" = mariadb ]; then
    rm -rf "$root/var/lib/mysql/"*
    mkdir -p "$root/run/mysqld" && chroot "$root" chown mysql:mysql /run/mysqld
  else
    # The cluster Debian creates at install time is not used: the entrypoint makes its own.
    rm -rf "$root/var/lib/postgresql/15" "$root/etc/postgresql/15"
    mkdir -p "$root/var/run/postgresql" && chroot "$root" chown postgres:postgres /var/run/postgresql
  fi
  install -m 0755 "$here/$name-entrypoint.sh" "$root/usr/local/bin/docker-entrypoint.sh"
  touch "$root/.complete"
fi
install -m 0755 "$here/$name-entrypoint.sh" "$root/usr/local/bin/docker-entrypoint.sh"

tar -C "$root" --exclude=./.complete --exclude='./proc/*' --exclude='./sys/*' --exclude='./dev/*' \
  -cf - . | podman import "${changes[@]}" --change "LABEL nuage.entrypoint=$entry_sum" - "$ref"
echo "$ref imported"
