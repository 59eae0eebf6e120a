#!/bin/bash
# Builds a real image from Debian bookworm packages and imports it into Podman under the
# official catalogue name, only if that name is absent (or was built from other files). The
# rootfs is cached under /var/cache/nuage-test-images; each image is built behind <name>.lock, a
# lock file shared with every other script that builds the same name (so two test runs never
# build it twice at once). DEBIAN_MIRROR and DEBIAN_SECURITY_MIRROR choose the mirrors.
#
#   build.sh mariadb    → docker.io/library/mariadb:10.11      (package mariadb-server, 10.11)
#   build.sh postgres   → docker.io/library/postgres:15-alpine (package postgresql, 15)
#   build.sh redis      → docker.io/library/redis:7            (package redis-server, 7.0; the
#                         official image's entrypoint: /data owned by redis, setpriv to it)
#   build.sh wordpress  → docker.io/library/wordpress:6.4-apache (package wordpress, 6.1, on
#                         Apache + mod_php, laid out and started as the official image: wordpress/)
#   build.sh wpcli-standin → localhost/nuage-test-wpcli-standin:bookworm, a STAND-IN for
#                         docker.io/library/wordpress:cli (wp-cli is not packaged in Debian), for
#                         tests only, mapped with IMAGE_OVERRIDES: a `wp` that runs the setup
#                         job's commands with WordPress's own functions (wpcli-standin/wp)
#   build.sh node       → localhost/nuage-test-node:bookworm   (packages nodejs + npm; a base
#                         image of code builds, mapped by BUILD_BASE_IMAGES in tests)
#   build.sh busybox    → localhost/nuage-test-busybox:bookworm (busybox-static alone: a static
#                         site's base image, `busybox httpd`)
#   build.sh guard      → localhost/nuage-test-guard:bookworm (iptables: the docker runtime's
#                         network guard, NETWORK_GUARD_IMAGE in tests; the platform's own image
#                         in production)
set -euo pipefail

name="${1:?usage: build.sh mariadb|postgres|redis|wordpress|wpcli-standin|node|busybox|guard}"
here="$(cd "$(dirname "$0")" && pwd)"
cache=/var/cache/nuage-test-images
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
security_mirror="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"

# The files the image is made of besides Debian's packages: their checksum is a label of the
# image, so a changed entrypoint or configuration is imported again.
sources=("$here/$name-entrypoint.sh")
case "$name" in
  mariadb)
    ref=docker.io/library/mariadb:10.11
    packages=(mariadb-server)
    changes=(--change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' --change 'CMD ["mariadbd"]'
      --change 'EXPOSE 3306' --change 'VOLUME /var/lib/mysql') ;;
  postgres)
    ref=docker.io/library/postgres:15-alpine
    packages=(postgresql)
    changes=(--change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' --change 'CMD ["postgres"]'
      --change 'EXPOSE 5432' --change 'ENV PGDATA=/var/lib/postgresql/data'
      --change 'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
      --change 'VOLUME /var/lib/postgresql/data') ;;
  redis)
    ref=docker.io/library/redis:7
    packages=(redis-server)
    changes=(--change 'ENTRYPOINT ["docker-entrypoint.sh"]' --change 'CMD ["redis-server"]'
      --change 'WORKDIR /data' --change 'EXPOSE 6379'
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
      --change 'VOLUME /data') ;;
  wordpress)
    ref=docker.io/library/wordpress:6.4-apache
    # The official image's PHP extensions (mysqli, gd, intl, zip, bcmath, exif, opcache) and
    # WordPress's default theme; php-cli for maintenance inside the container, as upstream.
    packages=(apache2 libapache2-mod-php php-cli php-mysql php-gd php-intl php-zip php-bcmath
      php-curl php-mbstring php-xml wordpress wordpress-theme-twentytwentythree)
    sources=("$here"/wordpress/*)
    changes=(--change 'ENTRYPOINT ["docker-entrypoint.sh"]' --change 'CMD ["apache2-foreground"]'
      --change 'WORKDIR /var/www/html' --change 'EXPOSE 80' --change 'STOPSIGNAL SIGWINCH'
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
      --change 'VOLUME /var/www/html') ;;
  wpcli-standin)
    ref=localhost/nuage-test-wpcli-standin:bookworm
    sources=("$here"/wpcli-standin/*)
    # As the official wordpress:cli: www-data (Debian's uid 33) in /var/www/html.
    changes=(--change 'CMD ["wp","--info"]' --change 'USER www-data'
      --change 'WORKDIR /var/www/html'
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin') ;;
  node)
    ref=localhost/nuage-test-node:bookworm
    packages=(nodejs npm)
    # Base images of code builds have no entrypoint: the recipe (packages) is their checksum.
    sources=()
    changes=(--change 'CMD ["node"]' --change 'ENV NODE_ENV=production') ;;
  busybox)
    ref=localhost/nuage-test-busybox:bookworm
    packages=(busybox-static)
    sources=()
    changes=(--change 'CMD ["sh"]') ;;
  guard)
    ref=localhost/nuage-test-guard:bookworm
    packages=(iptables)
    sources=()
    changes=(--change 'CMD ["sh"]') ;;
  *) echo "unknown image $name" >&2; exit 2 ;;
esac

# The stand-in is the WordPress rootfs (PHP, WordPress) plus its `wp`: that rootfs first.
if [ "$name" = wpcli-standin ]; then bash "$0" wordpress; fi

mkdir -p "$cache"
exec 9>"$cache/$name.lock"
flock 9

if [ "${#sources[@]}" -gt 0 ]; then
  entry_sum="$(cat "${sources[@]}" | sha256sum | cut -c1-16)"
else
  entry_sum="$(printf '%s' "${packages[*]}" | sha256sum | cut -c1-16)"
fi
if [ "$name" = wpcli-standin ]; then
  # Made again over a re-imported WordPress image too.
  entry_sum="$({ echo "$entry_sum"; podman image inspect --format '{{.Id}}' docker.io/library/wordpress:6.4-apache; } | sha256sum | cut -c1-16)"
fi
if podman image exists "$ref"; then
  if [ "$(podman image inspect --format '{{index .Config.Labels "nuage.entrypoint"}}' "$ref")" = "$entry_sum" ]; then
    echo "$ref already present"
    exit 0
  fi
  echo "$ref present with another entrypoint: importing again"
fi
# The image this build replaces: removed afterwards (unless a container still uses it).
previous="$(podman image inspect --format '{{.Id}}' "$ref" 2>/dev/null || true)"
drop_previous() {
  if [ -n "$previous" ]; then podman rmi "$previous" >/dev/null 2>&1 || true; fi
}

# The minimal Debian rootfs, shared by every image, made once behind its own lock.
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

if [ "$name" = wpcli-standin ]; then
  # A layer over the WordPress image (its PHP and WordPress) with the stand-in `wp` only.
  stage="$(mktemp -d)"
  trap 'rm -rf "$stage"' EXIT
  install -m 0755 "$here/wpcli-standin/wp" "$stage/wp"
  {
    echo 'FROM docker.io/library/wordpress:6.4-apache'
    echo 'COPY wp /usr/local/bin/wp'
    echo 'ENTRYPOINT []'
    for c in "${changes[@]}"; do [ "$c" = --change ] || echo "$c"; done
    echo "LABEL nuage.entrypoint=$entry_sum"
  } >"$stage/Containerfile"
  podman build -q -t "$ref" "$stage"
  drop_previous
  echo "$ref built"
  exit 0
fi

root="$cache/rootfs-$name"
if [ ! -f "$root/.complete" ]; then
  rm -rf "$root"
  cp -a "$base" "$root"
  rm -f "$root/.complete"
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  # Packages' maintainer scripts must not start servers inside the chroot.
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod +x "$root/usr/sbin/policy-rc.d"
  if [ "$name" = wordpress ]; then
    # A web application facing the internet: Debian's security updates too.
    echo "deb $mirror bookworm-updates main" >>"$root/etc/apt/sources.list"
    echo "deb $security_mirror bookworm-security main" >>"$root/etc/apt/sources.list"
  fi
  chroot "$root" /usr/bin/env DEBIAN_FRONTEND=noninteractive apt-get update
  chroot "$root" /usr/bin/env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends "${packages[@]}"
  chroot "$root" apt-get clean
  rm -rf "$root/var/lib/apt/lists/"* "$root/usr/sbin/policy-rc.d"
  if [ "$name" = wordpress ]; then
    # The official image keeps the pristine WordPress in /usr/src/wordpress and copies it into
    # the (volume) /var/www/html at first start: Debian's tree with its symlinks resolved
    # (wp-content lives in /var/lib/wordpress, libraries in /usr/share/javascript…).
    # Debian's wp-config.php reads /etc/wordpress/config-<host>.php (the image writes its own)
    # and its .htaccess points to /etc/wordpress (the image has the official one).
    rm -rf "$root/usr/src/wordpress" && mkdir -p "$root/usr/src/wordpress/wp-content"
    # Symlinks (to Debian's shared libraries) are resolved inside the rootfs, not on this host.
    chroot "$root" tar -C /usr/share/wordpress --exclude=./.htaccess --exclude=./wp-config.php \
      --exclude=./wp-content -chf - . | tar -C "$root/usr/src/wordpress" -xf -
    chroot "$root" tar -C /var/lib/wordpress/wp-content -chf - . |
      tar -C "$root/usr/src/wordpress/wp-content" -xf -
    rm -rf "$root/var/www/html" && mkdir -p "$root/var/www/html"
  elif [ "$name" = node ] || [ "$name" = busybox ] || [ "$name" = guard ]; then
    : # nothing to prepare: no server starts in these images
  elif [ "$name" = redis ]; then
    # The official image's data directory; Debian's service configuration is not used.
    mkdir -p "$root/data" && chroot "$root" chown redis:redis /data
  elif [ "$name" = mariadb ]; then
    rm -rf "$root/var/lib/mysql/"*
    mkdir -p "$root/run/mysqld" && chroot "$root" chown mysql:mysql /run/mysqld
  else
    # The cluster Debian creates at install time is not used: the entrypoint makes its own.
    rm -rf "$root/var/lib/postgresql/15" "$root/etc/postgresql/15"
    mkdir -p "$root/var/run/postgresql" && chroot "$root" chown postgres:postgres /var/run/postgresql
  fi
  touch "$root/.complete"
fi
if [ "$name" = wordpress ]; then
  # Entrypoint, Apache and PHP configuration as the official image (wordpress/configure.sh).
  bash "$here/wordpress/configure.sh" "$root"
elif [ -f "$here/$name-entrypoint.sh" ]; then
  install -m 0755 "$here/$name-entrypoint.sh" "$root/usr/local/bin/docker-entrypoint.sh"
fi

if [ "$name" = busybox ]; then
  # Only the static binary, its applet links, and the users a Dockerfile's USER names.
  tiny="$cache/rootfs-busybox-tiny"
  rm -rf "$tiny"
  mkdir -p "$tiny/bin" "$tiny/etc" "$tiny/tmp" "$tiny/var/www" "$tiny/home/app"
  chmod 1777 "$tiny/tmp"
  cp "$root/bin/busybox" "$tiny/bin/busybox"
  for applet in $(chroot "$root" /bin/busybox --list); do
    [ -e "$tiny/bin/$applet" ] || ln -s busybox "$tiny/bin/$applet"
  done
  printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/false\n' >"$tiny/etc/passwd"
  printf 'root:x:0:\nnogroup:x:65534:\n' >"$tiny/etc/group"
  tar -C "$tiny" -cf - . | podman import "${changes[@]}" --change 'ENV PATH=/bin' \
    --change "LABEL nuage.entrypoint=$entry_sum" - "$ref"
  drop_previous
  echo "$ref imported"
  exit 0
fi

tar -C "$root" --exclude=./.complete --exclude='./proc/*' --exclude='./sys/*' --exclude='./dev/*' \
  -cf - . | podman import "${changes[@]}" --change "LABEL nuage.entrypoint=$entry_sum" - "$ref"
drop_previous
echo "$ref imported"
