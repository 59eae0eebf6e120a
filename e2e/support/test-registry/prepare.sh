#!/usr/bin/env bash
# The local registry of the private-image tests (e2e/image-deploy.test.ts, issue 30): Debian's
# docker-registry (the real distribution registry) on 127.0.0.1:45901, over TLS with a test CA
# made here once. Podman trusts that CA for this registry only, through
# /etc/containers/certs.d/127.0.0.1:45901/ca.crt, which it reads at each pull: nothing to
# restart, and no registry marked insecure. Idempotent; run as root by .ci/run.
set -euo pipefail

port="${NUAGE_TEST_REGISTRY_PORT:-45901}"
dir=/var/cache/nuage-test-registry
certs="/etc/containers/certs.d/127.0.0.1:$port"

mkdir -p "$dir"
if [ ! -s "$dir/server.crt" ] || [ ! -s "$dir/ca.crt" ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=NuageDeploy test registry CA" \
    -keyout "$dir/ca.key" -out "$dir/ca.crt" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" \
    -keyout "$dir/server.key" -out "$dir/server.csr" 2>/dev/null
  printf 'subjectAltName=IP:127.0.0.1\n' >"$dir/server.ext"
  openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.crt" -CAkey "$dir/ca.key" \
    -CAcreateserial -days 3650 -extfile "$dir/server.ext" -out "$dir/server.crt" 2>/dev/null
  chmod 644 "$dir/server.key"
fi
mkdir -p "$certs"
cmp -s "$dir/ca.crt" "$certs/ca.crt" || cp "$dir/ca.crt" "$certs/ca.crt"
