import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real WordPress of the catalogue for the real-container e2e test and the benchmark:
 * Debian's WordPress, Apache and MariaDB imported under the catalogue's names by
 * e2e/support/debian-images/build.sh (cached in /var/cache/nuage-test-images, behind its lock
 * files: a second run takes a few seconds), and the wp-cli stand-in the setup job runs instead
 * of docker.io/library/wordpress:cli (wp-cli is not packaged in Debian), reached through
 * IMAGE_OVERRIDES and never tagged under the catalogue's name.
 */
export const WORDPRESS_IMAGE = { repository: 'docker.io/library/wordpress', tag: '6.4-apache' };
export const WPCLI_IMAGE = 'docker.io/library/wordpress:cli';
export const WPCLI_STANDIN = 'localhost/nuage-test-wpcli-standin:bookworm';

const BUILD_SCRIPT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../e2e/support/debian-images/build.sh',
);

const onPath = (name) =>
  (process.env.PATH ?? '/usr/bin:/bin')
    .split(':')
    .concat(['/usr/sbin', '/sbin'])
    .some((dir) => existsSync(path.join(dir, name)));

function run(command, args, timeoutMs) {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err)
          reject(
            new Error(
              `${[command, ...args].join(' ')} failed: ${err.message}\n${stderr.slice(-2000)}`,
            ),
          );
        else resolve(stdout);
      },
    );
  });
}

/**
 * Why the real images cannot be built here (null when they can): the build needs the podman
 * command, debootstrap and root (or password-less sudo).
 */
export function realImagesSkipReason() {
  const missing = ['podman', 'debootstrap', 'chroot'].filter((c) => !onPath(c));
  if (missing.length) return `the real WordPress image needs ${missing.join(', ')} to be built`;
  if (process.getuid?.() !== 0 && !onPath('sudo')) {
    return 'the real WordPress image is built as root (debootstrap, chroot): run as root or with sudo';
  }
  return null;
}

/**
 * Builds (or finds in the cache) MariaDB, WordPress and the wp-cli stand-in; returns the
 * catalogue image to deploy and the IMAGE_OVERRIDES value that sends the setup job to the
 * stand-in. The first build downloads Debian packages: minutes; later ones: seconds.
 */
export async function ensureRealWordpressImages({ timeoutMs = 15 * 60_000 } = {}) {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  for (const image of ['mariadb', 'wordpress', 'wpcli-standin']) {
    const [command, ...args] = [...sudo, 'bash', BUILD_SCRIPT, image];
    await run(command, args, timeoutMs);
  }
  return { app: WORDPRESS_IMAGE, imageOverrides: `${WPCLI_IMAGE}=${WPCLI_STANDIN}` };
}
