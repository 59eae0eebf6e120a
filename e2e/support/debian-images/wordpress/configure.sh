#!/bin/bash
# Makes the Debian rootfs given as $1 the official WordPress image (php:8.2-apache +
# wordpress:apache Dockerfiles): its entrypoint and apache2-foreground, wp-config-docker.php
# and .htaccess beside the pristine WordPress, Apache's modules and settings (rewrite, expires,
# remoteip behind a proxy, AllowOverride All, logs to the container's output), PHP's opcache
# and error-logging settings. Idempotent: run by build.sh at every import over the cached rootfs.
set -euo pipefail
root="${1:?usage: configure.sh ROOTFS}"
here="$(cd "$(dirname "$0")" && pwd)"
php_version=8.2

install -m 0755 "$here/docker-entrypoint.sh" "$root/usr/local/bin/docker-entrypoint.sh"
install -m 0755 "$here/apache2-foreground" "$root/usr/local/bin/apache2-foreground"
install -m 0644 -o 33 -g 33 "$here/wp-config-docker.php" "$root/usr/src/wordpress/wp-config-docker.php"

# The official image's .htaccess: pretty permalinks, and the Authorization header for the REST API.
cat >"$root/usr/src/wordpress/.htaccess" <<'HTACCESS'
# BEGIN WordPress
<IfModule mod_rewrite.c>
RewriteEngine On
RewriteRule .* - [E=HTTP_AUTHORIZATION:%{HTTP:Authorization}]
RewriteBase /
RewriteRule ^index\.php$ - [L]
RewriteCond %{REQUEST_FILENAME} !-f
RewriteCond %{REQUEST_FILENAME} !-d
RewriteRule . /index.php [L]
</IfModule>
# END WordPress
HTACCESS

# Owned by www-data (Debian's uid 33, the official image's too); wp-content writable for
# uploads, plugins and themes installed from the dashboard.
chroot "$root" chown -R www-data:www-data /usr/src/wordpress
mkdir -p "$root/usr/src/wordpress/wp-content/uploads" "$root/usr/src/wordpress/wp-content/cache"
for dir in "$root"/usr/src/wordpress/wp-content/*/; do
  chmod 1777 "$dir"
done
chroot "$root" chown www-data:www-data /usr/src/wordpress/wp-content/uploads \
  /usr/src/wordpress/wp-content/cache

# php:apache: the Apache user's directories, world-writable as upstream (any uid may run it).
for dir in /var/lock/apache2 /var/run/apache2 /var/log/apache2 /var/www/html; do
  rm -rf "${root:?}$dir"
  mkdir -p "$root$dir"
  chroot "$root" chown www-data:www-data "$dir"
  chmod 1777 "$root$dir"
done
# Logs go to the container's output (the platform's log view reads it).
ln -sfT /dev/stderr "$root/var/log/apache2/error.log"
ln -sfT /dev/stdout "$root/var/log/apache2/access.log"
ln -sfT /dev/stdout "$root/var/log/apache2/other_vhosts_access.log"

cat >"$root/etc/apache2/conf-available/docker-php.conf" <<'CONF'
<FilesMatch \.php$>
	SetHandler application/x-httpd-php
</FilesMatch>

DirectoryIndex disabled
DirectoryIndex index.php index.html

<Directory /var/www/>
	Options -Indexes
	AllowOverride All
</Directory>
CONF
# Behind the edge proxy: the client's address from X-Forwarded-For (private networks trusted).
cat >"$root/etc/apache2/conf-available/remoteip.conf" <<'CONF'
RemoteIPHeader X-Forwarded-For
RemoteIPInternalProxy 10.0.0.0/8
RemoteIPInternalProxy 172.16.0.0/12
RemoteIPInternalProxy 192.168.0.0/16
RemoteIPInternalProxy 169.254.0.0/16
RemoteIPInternalProxy 127.0.0.0/8
CONF
chroot "$root" a2enmod -q rewrite expires remoteip >/dev/null
chroot "$root" a2enconf -q docker-php remoteip >/dev/null
# %h → %a in every LogFormat: the real client address, not the proxy's.
find "$root/etc/apache2" -type f -name '*.conf' \
  -exec sed -ri 's/([[:space:]]*LogFormat[[:space:]]+"[^"]*)%h([^"]*")/\1%a\2/g' '{}' +

# The wordpress image's PHP settings, for Apache's PHP and the command line's.
for sapi in apache2 cli; do
  conf="$root/etc/php/$php_version/$sapi/conf.d"
  cat >"$conf/opcache-recommended.ini" <<'INI'
opcache.memory_consumption=128
opcache.interned_strings_buffer=8
opcache.max_accelerated_files=4000
opcache.revalidate_freq=2
INI
  cat >"$conf/error-logging.ini" <<'INI'
error_reporting = E_ERROR | E_WARNING | E_PARSE | E_CORE_ERROR | E_CORE_WARNING | E_COMPILE_ERROR | E_COMPILE_WARNING | E_RECOVERABLE_ERROR
display_errors = Off
display_startup_errors = Off
log_errors = On
error_log = /dev/stderr
log_errors_max_len = 1024
ignore_repeated_errors = On
ignore_repeated_source = Off
html_errors = Off
INI
done
