import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { EngineApi } from '../../../src/engine/drivers/docker/engine-api';
import { createTar, type TarEntry } from '../../../src/engine/drivers/docker/tar';

/** The busybox images of the real-engine tests, built from the host's static busybox. */

const BUSYBOX = ['/bin/busybox', '/usr/bin/busybox'].find((p) => existsSync(p)) ?? '/bin/busybox';

const APPLETS = ['sh', 'httpd', 'echo', 'cat', 'sleep', 'hostname', 'env', 'ls', 'stat', 'id'];

/**
 * A busybox image. `cmd` runs under a shell that exits on SIGTERM (httpd as PID 1 would
 * ignore it and every stop would wait for the kill timeout).
 */
export async function buildImage(
  api: EngineApi,
  ref: string,
  opts: {
    cmd: string;
    /** Run `cmd` as it is (a command that must exit with its own code). */
    raw?: boolean;
    user?: string;
    files?: Record<string, string | { content: string; mode: number }>;
  },
): Promise<void> {
  const entries: TarEntry[] = [
    { path: 'bin', type: 'directory' },
    { path: 'bin/busybox', type: 'file', content: readFileSync(BUSYBOX), mode: 0o755 },
    ...APPLETS.map((a) => ({ path: `bin/${a}`, type: 'symlink' as const, linkTarget: 'busybox' })),
    { path: 'etc', type: 'directory' },
    {
      path: 'etc/passwd',
      type: 'file',
      content: Buffer.from('root:x:0:0:root:/root:/bin/sh\nweb:x:1234:2345::/www:/bin/sh\n'),
    },
    { path: 'etc/group', type: 'file', content: Buffer.from('root:x:0:\nweb:x:2345:\n') },
    { path: 'tmp', type: 'directory', mode: 0o1777 },
  ];
  const dirs = new Set<string>(); // parents of `files` not already in the base layout
  const base = new Set(entries.filter((e) => e.type === 'directory').map((e) => e.path));
  for (const [path, file] of Object.entries(opts.files ?? {})) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (!base.has(dir)) dirs.add(dir);
    }
    const f = typeof file === 'string' ? { content: file, mode: 0o644 } : file;
    entries.push({ path, type: 'file', content: Buffer.from(f.content), mode: f.mode });
  }
  entries.splice(3, 0, ...[...dirs].sort().map((d) => ({ path: d, type: 'directory' as const })));
  const cmd = opts.raw ? opts.cmd : `trap 'exit 0' TERM; ${opts.cmd} & wait`;
  await api.client.request('POST', '/images/create', {
    query: {
      fromSrc: '-',
      repo: ref,
      changes: [
        `CMD ["/bin/sh","-c",${JSON.stringify(cmd)}]`,
        ...(opts.user ? [`USER ${opts.user}`] : []),
      ],
    },
    body: createTar(entries),
    timeoutMs: 60_000,
  });
}

/** Image references already checked or made by this worker (its files share the module). */
const madeImages = new Map<string, Promise<string>>();

/**
 * A busybox image named after a hash of its content (busybox binary, files, command, user), made
 * once and then reused by every file and every later run: importing the six images of a test
 * application took 7 s per file on this loaded host. Never swept (no test's prefix matches
 * `ndtest-img-`); a changed image gets a new name.
 */
function cachedImage(api: EngineApi, opts: Parameters<typeof buildImage>[2]): Promise<string> {
  const hash = createHash('sha256')
    .update(readFileSync(BUSYBOX))
    .update(JSON.stringify([APPLETS, opts]))
    .digest('hex')
    .slice(0, 16);
  const ref = `localhost/ndtest-img-${hash}:1`;
  let made = madeImages.get(ref);
  if (!made) {
    made = (async () => {
      if (!(await api.imageExists(ref))) await buildImage(api, ref, opts);
      return ref;
    })();
    madeImages.set(ref, made);
    made.catch(() => madeImages.delete(ref));
  }
  return made;
}

const CGI_WHO = "#!/bin/sh\nprintf 'Content-Type: text/plain\\r\\n\\r\\n'\nhostname\n";
/** A request that takes 2 s to answer (one in flight when its replica is stopped). */
const CGI_SLOW =
  "#!/bin/sh\nsleep 2\nprintf 'Content-Type: text/plain\\r\\n\\r\\n'\necho slow done\n";

/**
 * The images of a test application: web (port 80 and 8069), database (3306 and 5432), wp-cli.
 * Shared by every test (content-named, cachedImage); `_prefix` is kept for the callers' sake.
 */
export async function buildTestImages(api: EngineApi, _prefix: string) {
  const web = {
    'www/index.html': 'ndtest page\n',
    'www/wp-includes/images/blank.gif': 'GIF89a',
    'www/web/login': 'login\n',
    'www/cgi-bin/who': { content: CGI_WHO, mode: 0o755 },
    'www/cgi-bin/slow': { content: CGI_SLOW, mode: 0o755 },
  };
  // wp-cli stand-in: `core is-installed` says no; `core install` records the arguments it
  // received (as the real one would use them) in the application volume it mounts.
  const wp = (code: number) => ({
    'bin/wp': {
      content: [
        '#!/bin/sh',
        'echo "wp $*"',
        '[ "$1 $2" = "core is-installed" ] && exit 1',
        'for a in "$@"; do case "$a" in',
        '  --title=*) printf %s "${a#--title=}" > /var/www/html/.ndtest-title;;',
        '  --admin_password=*) printf %s "${a#--admin_password=}" > /var/www/html/.ndtest-admin-password;;',
        '  --url=*) printf %s "${a#--url=}" > /var/www/html/.ndtest-url;;',
        'esac; done',
        `exit ${code}`,
        '',
      ].join('\n'),
      mode: 0o755,
    },
  });
  const [app, odoo, db, cli, failingCli, crashing] = await Promise.all([
    cachedImage(api, {
      cmd: 'echo "ndtest app started on $(hostname)"; httpd -f -v -p 80 -h /www',
      files: web,
    }),
    cachedImage(api, {
      cmd: 'echo "ndtest odoo as $(id -u)"; httpd -f -v -p 8069 -h /www',
      files: web,
      user: 'web',
    }),
    cachedImage(api, {
      cmd: 'echo ndtest db ready; httpd -f -p 3306 -h /www & httpd -f -p 5432 -h /www',
      files: { 'www/index.html': 'db\n' },
    }),
    cachedImage(api, { cmd: 'wp', files: wp(0) }),
    cachedImage(api, { cmd: 'wp', files: wp(3) }),
    cachedImage(api, { cmd: 'echo "fatal: cannot start ndtest"; exit 7', raw: true }),
  ]);
  return {
    app: app!,
    odoo: odoo!,
    db: db!,
    cli: cli!,
    failingCli: failingCli!,
    crashing: crashing!,
  };
}

export type TestImages = Awaited<ReturnType<typeof buildTestImages>>;
