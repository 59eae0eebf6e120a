#!/usr/bin/env bash
# Entrypoint of the Debian-built WordPress image: the official image's (docker-library/wordpress,
# docker-entrypoint.sh of the apache variant), unchanged in behaviour. At the first start of an
# empty /var/www/html (the volume) it copies WordPress from /usr/src/wordpress, owned by the
# Apache user, without overwriting plugins or themes already there; when any WORDPRESS_*
# variable is set and there is no wp-config.php, it writes one from wp-config-docker.php, which
# reads WORDPRESS_DB_HOST, _USER, _PASSWORD, _NAME, _CHARSET, _COLLATE, WORDPRESS_TABLE_PREFIX,
# WORDPRESS_DEBUG, WORDPRESS_CONFIG_EXTRA and the AUTH_KEY… salts at every request, each also
# as <NAME>_FILE (a mounted secret), with unique random salts as defaults.
set -Eeuo pipefail

if [[ "$1" == apache2* ]] || [ "$1" = 'php-fpm' ]; then
  uid="$(id -u)"
  gid="$(id -g)"
  if [ "$uid" = '0' ]; then
    case "$1" in
      apache2*)
        user="${APACHE_RUN_USER:-www-data}"
        group="${APACHE_RUN_GROUP:-www-data}"
        # strip off any '#' symbol ('#1000' is valid syntax for Apache)
        pound='#'
        user="${user#"$pound"}"
        group="${group#"$pound"}"
        ;;
      *) # php-fpm
        user='www-data'
        group='www-data'
        ;;
    esac
  else
    user="$uid"
    group="$gid"
  fi

  if [ ! -e index.php ] && [ ! -e wp-includes/version.php ]; then
    # An engine-created (root-owned) directory becomes the Apache user's.
    if [ "$uid" = '0' ] && [ "$(stat -c '%u:%g' .)" = '0:0' ]; then
      chown "$user:$group" .
    fi

    echo >&2 "WordPress not found in $PWD - copying now..."
    if [ -n "$(find . -mindepth 1 -maxdepth 1 -not -name wp-content)" ]; then
      echo >&2 "WARNING: $PWD is not empty! (copying anyhow)"
    fi
    sourceTarArgs=(
      --create
      --file -
      --directory /usr/src/wordpress
      --owner "$user" --group "$group"
    )
    targetTarArgs=(
      --extract
      --file -
    )
    if [ "$uid" != '0' ]; then
      # avoid "tar: .: Cannot utime: Operation not permitted"
      targetTarArgs+=(--no-overwrite-dir)
    fi
    # Pluggable content already in the volume (a plugin or theme the site updated) is kept.
    for contentPath in \
      /usr/src/wordpress/.htaccess \
      /usr/src/wordpress/wp-content/*/*/; do
      contentPath="${contentPath%/}"
      [ -e "$contentPath" ] || continue
      contentPath="${contentPath#/usr/src/wordpress/}" # "wp-content/plugins/akismet", etc.
      if [ -e "$PWD/$contentPath" ]; then
        echo >&2 "WARNING: '$PWD/$contentPath' exists! (not copying the WordPress version)"
        sourceTarArgs+=(--exclude "./$contentPath")
      fi
    done
    tar "${sourceTarArgs[@]}" . | tar "${targetTarArgs[@]}"
    echo >&2 "Complete! WordPress has been successfully copied to $PWD"
  fi

  wpEnvs=("${!WORDPRESS_@}")
  if [ ! -s wp-config.php ] && [ "${#wpEnvs[@]}" -gt 0 ]; then
    for wpConfigDocker in \
      wp-config-docker.php \
      /usr/src/wordpress/wp-config-docker.php; do
      if [ -s "$wpConfigDocker" ]; then
        echo >&2 "No 'wp-config.php' found in $PWD, but 'WORDPRESS_...' variables supplied; copying '$wpConfigDocker' (${wpEnvs[*]})"
        # Every "put your unique phrase here" becomes its own random string: safe salts by
        # default when WORDPRESS_AUTH_KEY and friends are not given.
        awk '
          /put your unique phrase here/ {
            cmd = "head -c1m /dev/urandom | sha1sum | cut -d\\  -f1"
            cmd | getline str
            close(cmd)
            gsub("put your unique phrase here", str)
          }
          { print }
        ' "$wpConfigDocker" >wp-config.php
        if [ "$uid" = '0' ]; then
          # may fail on filesystems without chown (some NFS setups)
          chown "$user:$group" wp-config.php || true
        fi
        break
      fi
    done
  fi
fi

exec "$@"
