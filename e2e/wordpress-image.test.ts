import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine } from '../bench/lib/docker-engine.mjs';
import {
  ensureRealWordpressImages,
  realImagesSkipReason,
  WORDPRESS_IMAGE,
  WPCLI_STANDIN,
} from '../bench/lib/wordpress-images.mjs';
import { pollUntil } from './helpers/api';

/**
 * The Debian-built WordPress image keeps the official image's contract, variable by variable
 * (e2e/support/debian-images/wordpress/): run with the podman command as an operator would,
 * without the platform, on the Debian-built MariaDB. Skipped, with the reason, only where the
 * images cannot be built; in CI that fails.
 */
const detected = await detectEngine();
const skipReason = detected.skipReason ?? realImagesSkipReason();
if (skipReason && process.env.CI) {
  throw new Error(`CI must run the WordPress image test, but ${skipReason}`);
}
if (skipReason) console.warn(`[e2e wordpress image] skipped: ${skipReason}`);

const run = promisify(execFile);
// The podman command, remote on the engine's socket: the service the images were imported into
// (build.sh runs as root), whoever runs the test.
const remote = () => ['--url', `unix://${detected.socket}`];
const podmanOut = (args: string[]) => run('podman', [...remote(), ...args]);
const podman = async (...args: string[]) => (await podmanOut(args)).stdout.trim();
/** A podman command line's words (none of those given here contains a space). */
const words = (text: string) => text.trim().split(/\s+/);
const prefix = `ndwpi-${randomBytes(3).toString('hex')}`;
const wordpress = `${WORDPRESS_IMAGE.repository}:${WORDPRESS_IMAGE.tag}`;

/** PHP run by WordPress's own PHP in the container, after loading its wp-config.php. */
const inWordpress = (container: string, php: string) =>
  podman('exec', '-w', '/var/www/html', container, 'php', '-r', php);

describe.skipIf(skipReason !== null)('the Debian-built WordPress image (official contract)', () => {
  const secrets = { dir: '' };
  const dbPassword = `pa'ss"${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    await ensureRealWordpressImages();
    secrets.dir = await mkdtemp(path.join(os.tmpdir(), 'nuage-wp-secret-'));
    await writeFile(path.join(secrets.dir, 'db'), `${dbPassword}\n`);
    await chmod(path.join(secrets.dir, 'db'), 0o444);
    await podman('network', 'create', `${prefix}-net`);
    await podman(
      ...words(`run -d --name ${prefix}-db --network ${prefix}-net --network-alias db`),
      ...words('-e MARIADB_ROOT_PASSWORD=root -e MARIADB_DATABASE=shop -e MARIADB_USER=shopuser'),
      ...words(`-e MARIADB_PASSWORD_FILE=/run/secrets/db -v ${secrets.dir}/db:/run/secrets/db:ro`),
      'docker.io/library/mariadb:10.11',
    );
  }, 20 * 60_000);

  afterAll(async () => {
    for (const c of ['app', 'setup', 'db']) {
      await podman('rm', '-f', `${prefix}-${c}`).catch(() => undefined);
    }
    await podman('volume', 'rm', '-f', `${prefix}-html`).catch(() => undefined);
    await podman('network', 'rm', `${prefix}-net`).catch(() => undefined);
    if (secrets.dir) await rm(secrets.dir, { recursive: true, force: true });
  });

  it('copies WordPress into the empty volume, writes wp-config.php from WORDPRESS_* (and *_FILE), serves it on 80', async () => {
    // No space inside: one argument of the podman command line below.
    const extra = "define('WP_POST_REVISIONS',3);";
    const dbEnv = words(
      `-v ${secrets.dir}/db:/run/secrets/db:ro -e WORDPRESS_DB_HOST=db:3306 -e WORDPRESS_DB_NAME=shop
       -e WORDPRESS_DB_USER=shopuser -e WORDPRESS_DB_PASSWORD_FILE=/run/secrets/db
       -e WORDPRESS_TABLE_PREFIX=shop_`,
    );
    await podman(
      ...words(
        `run -d --name ${prefix}-app --network ${prefix}-net -v ${prefix}-html:/var/www/html`,
      ),
      ...dbEnv,
      ...words(`-e WORDPRESS_AUTH_KEY=fixed-auth-key -e WORDPRESS_CONFIG_EXTRA=${extra}`),
      // What the platform keeps (templates/security.ts): everything else is dropped.
      ...words(
        '--cap-drop ALL --cap-add CHOWN,DAC_OVERRIDE,FOWNER,SETGID,SETUID,NET_BIND_SERVICE,KILL',
      ),
      ...words('--security-opt no-new-privileges'),
      wordpress,
    );
    const logs = await pollUntil(
      'Apache to start',
      async () => {
        const { stdout, stderr } = await podmanOut(['logs', `${prefix}-app`]);
        return stdout + stderr;
      },
      (text) => text.includes('resuming normal operations'),
      { timeoutMs: 120_000, everyMs: 500 },
    );
    expect(logs).toContain('WordPress not found in /var/www/html - copying now...');
    expect(logs).toContain("No 'wp-config.php' found in /var/www/html");

    // The files belong to www-data (Apache's workers write uploads and plugins there).
    expect(
      await podman('exec', `${prefix}-app`, 'stat', '-c', '%U', 'wp-config.php', 'index.php'),
    ).toBe('www-data\nwww-data');
    // Settings are read at each request, the password from its file (newline trimmed).
    const settings = JSON.parse(
      await inWordpress(
        `${prefix}-app`,
        // wp-config.php without its last line (loading WordPress, which needs the database).
        "eval(str_replace(['<?php', \"require_once ABSPATH . 'wp-settings.php';\"], '', file_get_contents('wp-config.php'))); echo json_encode([DB_HOST, DB_USER, DB_PASSWORD, DB_NAME, $table_prefix, WP_POST_REVISIONS, AUTH_KEY, SECURE_AUTH_KEY, NONCE_SALT]);",
      ),
    ) as string[];
    expect(settings.slice(0, 7)).toEqual([
      'db:3306',
      'shopuser',
      dbPassword,
      'shop',
      'shop_',
      3,
      'fixed-auth-key',
    ]);
    // Salts not given are unique random strings, not the sample's phrase.
    expect(settings[7]).toMatch(/^[0-9a-f]{40}$/);
    expect(settings[8]).toMatch(/^[0-9a-f]{40}$/);
    expect(settings[7]).not.toBe(settings[8]);

    // Not installed yet: the install page, from Apache on port 80 (once MariaDB answers).
    await pollUntil(
      'the install page',
      () =>
        podman(
          ...words(`exec ${prefix}-app php -r`),
          "echo @file_get_contents('http://127.0.0.1/wp-admin/install.php');",
        ),
      (page) => page.includes('<title>WordPress &rsaquo; Installation</title>'),
      { timeoutMs: 120_000, everyMs: 1000 },
    );

    // The wp-cli stand-in installs into that database with the table prefix.
    await podman(
      ...words(`run --rm --name ${prefix}-setup --network ${prefix}-net --cap-drop ALL`),
      ...words(`-v ${prefix}-html:/var/www/html`),
      ...dbEnv,
      WPCLI_STANDIN,
      ...words('wp core install --url=http://shop.example --title=Boutique --admin_user=admin'),
      ...words('--admin_password=x --admin_email=a@exemple.sn --skip-email'),
    );
    const tables = await podman(
      ...words(`exec ${prefix}-db mariadb -uroot -proot -N -e`),
      "SELECT option_value FROM shop.shop_options WHERE option_name IN ('siteurl','home','blogname') ORDER BY option_name",
    );
    expect(tables.split('\n')).toEqual(['Boutique', 'http://shop.example', 'http://shop.example']);

    // A restarted container keeps the site: no second copy, wp-config.php untouched.
    const config = await podman('exec', `${prefix}-app`, 'sha256sum', 'wp-config.php');
    await podman('restart', `${prefix}-app`);
    expect(await podman('exec', `${prefix}-app`, 'sha256sum', 'wp-config.php')).toBe(config);
    const after = await podmanOut(['logs', `${prefix}-app`]);
    expect((after.stdout + after.stderr).split('copying now')).toHaveLength(2); // once, at first
  }, 300_000);
});
