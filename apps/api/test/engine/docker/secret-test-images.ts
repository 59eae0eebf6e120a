import { existsSync, readFileSync } from 'node:fs';
import type { EngineApi } from '../../../src/engine/drivers/docker/engine-api';
import { createTar, type TarEntry } from '../../../src/engine/drivers/docker/tar';

/**
 * Stand-in images of the secrets tests (docker-driver.secrets.test.ts), from the host's static
 * busybox and named after the test's prefix (swept with it). Unlike test-images.ts they have an
 * ENTRYPOINT as well as a CMD, as the official images do: the loader must run both.
 */

const BUSYBOX = ['/bin/busybox', '/usr/bin/busybox'].find((p) => existsSync(p)) ?? '/bin/busybox';
const APPLETS = ['sh', 'httpd', 'cat', 'sleep', 'env', 'id'];

/** Every readiness path of the catalogue (WordPress, Odoo, Nextcloud, Matomo, the others' `/`). */
const WWW = ['index.html', 'wp-includes/images/blank.gif', 'web/login', 'status.php', 'matomo.js'];

const file = (path: string, content: string, mode = 0o644): TarEntry => ({
  path,
  type: 'file',
  content: Buffer.from(content),
  mode,
});

function dirsOf(paths: string[]): TarEntry[] {
  const dirs = new Set<string>();
  for (const p of paths) {
    const parts = p.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  return [...dirs].sort().map((d) => ({ path: d, type: 'directory' as const }));
}

async function importImage(api: EngineApi, ref: string, entries: TarEntry[], changes: string[]) {
  await api.client.request('POST', '/images/create', {
    query: { fromSrc: '-', repo: ref, changes },
    body: createTar(entries),
    timeoutMs: 60_000,
  });
}

function busyboxLayout(withShell: boolean, extra: TarEntry[]): TarEntry[] {
  const www = WWW.map((p) => file(`www/${p}`, 'sec\n'));
  const files = [
    ...(withShell
      ? [
          {
            path: 'bin/busybox',
            type: 'file' as const,
            content: readFileSync(BUSYBOX),
            mode: 0o755,
          },
          ...APPLETS.map((a) => ({
            path: `bin/${a}`,
            type: 'symlink' as const,
            linkTarget: 'busybox',
          })),
        ]
      : [
          {
            path: 'srv/busybox',
            type: 'file' as const,
            content: readFileSync(BUSYBOX),
            mode: 0o755,
          },
        ]),
    file('etc/passwd', 'root:x:0:0:root:/root:/bin/sh\nweb:x:1234:2345::/www:/bin/sh\n'),
    file('etc/group', 'root:x:0:\nweb:x:2345:\n'),
    ...www,
    ...extra,
  ];
  return [
    ...dirsOf(files.map((f) => f.path)),
    { path: 'tmp', type: 'directory', mode: 0o1777 },
    ...files,
  ];
}

/**
 * An application: its ENTRYPOINT starts its CMD (httpd on `port`) and stops on SIGTERM, like
 * an official image's docker-entrypoint.sh does with apache2-foreground.
 */
export async function buildAppImage(api: EngineApi, ref: string, port: number, user?: string) {
  const entry = file('entry.sh', `trap 'exit 0' TERM\n"$@" &\nwait\n`);
  await importImage(api, ref, busyboxLayout(true, [entry]), [
    'ENTRYPOINT ["/bin/sh","/entry.sh"]',
    `CMD ["httpd","-f","-p","${port}","-h","/www"]`,
    ...(user ? [`USER ${user}`] : []),
  ]);
}

/** A database on 3306 and 5432 (its readiness probes are TCP). */
export async function buildDbImage(api: EngineApi, ref: string) {
  const entry = file(
    'entry.sh',
    `trap 'exit 0' TERM\nhttpd -f -p 3306 -h /www &\nhttpd -f -p 5432 -h /www &\nwait\n`,
  );
  await importImage(api, ref, busyboxLayout(true, [entry]), ['ENTRYPOINT ["/bin/sh","/entry.sh"]']);
}

/**
 * A setup task: its ENTRYPOINT records the environment it was given (NUL-separated, as
 * /proc/self/environ) in /tmp/sec-env, which the test reads from the stopped container.
 */
export async function buildSetupImage(api: EngineApi, ref: string) {
  const record = file('record.sh', 'cat /proc/self/environ > /tmp/sec-env\nexit 0\n');
  await importImage(api, ref, busyboxLayout(true, [record]), [
    'ENTRYPOINT ["/bin/sh","/record.sh"]',
    'CMD ["true"]',
  ]);
}

/** A user's image built FROM scratch: no /bin/sh, only its server. */
export async function buildNoShellImage(api: EngineApi, ref: string, port: number) {
  await importImage(api, ref, busyboxLayout(false, []), [
    `ENTRYPOINT ["/srv/busybox","httpd","-f","-p","${port}","-h","/www"]`,
  ]);
}
