// The Docker Engine API (Docker, or Podman's compatible service) for the real-container e2e
// test and the docker benchmark: engine detection, local busybox images (nothing can be
// pulled here), what the engine holds for one application, and cleanup of what we created.
// Plain ESM so `node bench/*.mjs` can use it; types in docker-engine.d.mts for the e2e test.
// Same approach as apps/api/test/engine/docker/test-support.ts (which is TypeScript
// inside the API and cannot be imported by a plain Node script).
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';

/** The labels the docker driver writes (apps/api/src/engine/spec.ts LABELS). */
export const LABELS = {
  component: 'app.kubernetes.io/component',
  deploymentId: 'nuagedeploy.io/deployment-id',
  environmentId: 'nuagedeploy.io/environment-id',
};

/** The catalogue's images of the wordpress template besides the application image. */
export const CATALOGUE = {
  application: 'docker.io/library/wordpress',
  database: 'docker.io/library/mariadb:10.11',
  setup: 'docker.io/library/wordpress:cli',
};

const API_VERSION = 'v1.41';
/** Podman's own API (`/libpod/…`) answers only from version 4 on. */
const LIBPOD_VERSION = 'v4.0.0';

/** DOCKER_HOST (unix:// only), else Docker's socket, else rootful then rootless Podman's. */
export function dockerSocket(env = process.env) {
  const host = env.DOCKER_HOST?.trim();
  if (host) return host.startsWith('unix://') ? host.slice('unix://'.length) : null;
  return (
    [
      '/var/run/docker.sock',
      '/run/podman/podman.sock',
      ...(env.XDG_RUNTIME_DIR ? [`${env.XDG_RUNTIME_DIR}/podman/podman.sock`] : []),
    ].find((p) => existsSync(p)) ?? null
  );
}

export class EngineHttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** Podman's own network shape in the compatible one's names. */
const compatNetwork = (n) => ({
  Name: n.name,
  Id: n.id,
  Internal: n.internal === true,
  Labels: n.labels ?? {},
  IPAM: { Config: (n.subnets ?? []).map((s) => ({ Subnet: s.subnet, Gateway: s.gateway })) },
});

export class Engine {
  constructor(socketPath) {
    this.socketPath = socketPath;
  }

  /** One exchange; never throws on an HTTP status. */
  send(method, path, { query = {}, body, timeoutMs = 60_000 } = {}) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      for (const item of Array.isArray(v) ? v : v === undefined ? [] : [v]) {
        qs.append(k, String(item));
      }
    }
    const payload = Buffer.isBuffer(body)
      ? body
      : body === undefined
        ? undefined
        : Buffer.from(JSON.stringify(body));
    const contentType = Buffer.isBuffer(body) ? 'application/x-tar' : 'application/json';
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          socketPath: this.socketPath,
          method,
          path: `/${path.startsWith('/libpod/') ? LIBPOD_VERSION : API_VERSION}${path}${qs.toString() ? `?${qs}` : ''}`,
          headers: {
            host: 'docker',
            ...(payload ? { 'content-type': contentType } : {}),
            'content-length': payload?.length ?? 0,
          },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** 2xx → parsed JSON (or null); anything else → EngineHttpError. */
  async json(method, path, opts) {
    const res = await this.send(method, path, opts);
    const text = res.body.toString('utf8');
    if (res.status >= 300) {
      throw new EngineHttpError(
        res.status,
        `${method} ${path}: ${res.status} ${text.slice(0, 300)}`,
      );
    }
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      return text; // a progress stream (JSON lines) or a plain-text answer
    }
  }

  async answers() {
    try {
      return (await this.send('GET', '/_ping', { timeoutMs: 2_000 })).status === 200;
    } catch {
      return false;
    }
  }

  containers(filters) {
    return this.json('GET', '/containers/json', {
      query: { all: true, filters: JSON.stringify(filters) },
    });
  }

  async inspect(idOrName) {
    const res = await this.send('GET', `/containers/${encodeURIComponent(idOrName)}/json`);
    return res.status === 200 ? JSON.parse(res.body.toString('utf8')) : null;
  }

  async volumes(filters) {
    const res = await this.json('GET', '/volumes', { query: { filters: JSON.stringify(filters) } });
    return res?.Volumes ?? [];
  }

  /** Whether the engine is Podman (asked once). */
  isPodman() {
    this.podman ??= this.json('GET', '/version').then((v) =>
      (v?.Components ?? []).some((c) => /podman/i.test(c.Name ?? '')),
    );
    return this.podman;
  }

  /**
   * A network in the compatible shape (Name, Labels, IPAM.Config). On Podman it is read through
   * the libpod API: Podman before 5.0.2 can crash on two compatible network reads at once
   * (apps/api/src/engine/drivers/docker/network-reads.ts), and the platform under test reads too.
   */
  async network(name) {
    const podman = await this.isPodman();
    const path = `${podman ? '/libpod' : ''}/networks/${encodeURIComponent(name)}${podman ? '/json' : ''}`;
    const res = await this.send('GET', path);
    if (res.status !== 200) return null;
    const found = JSON.parse(res.body.toString('utf8'));
    return podman ? compatNetwork(found) : found;
  }

  async networks(filters) {
    const podman = await this.isPodman();
    const list = await this.json('GET', podman ? '/libpod/networks/json' : '/networks', {
      query: { filters: JSON.stringify(filters) },
    });
    return podman ? (list ?? []).map(compatNetwork) : list;
  }

  async imageExists(ref) {
    return (await this.send('GET', `/images/${ref}/json`)).status === 200;
  }

  // Removals: a missing object is already what we want.
  async removeContainer(id) {
    await this.send('DELETE', `/containers/${encodeURIComponent(id)}`, {
      query: { force: true, v: true },
    });
  }

  async removeVolume(name) {
    await this.send('DELETE', `/volumes/${encodeURIComponent(name)}`, { query: { force: true } });
  }

  async removeNetwork(name) {
    await this.send('DELETE', `/networks/${encodeURIComponent(name)}`);
  }

  async removeImage(ref) {
    await this.send('DELETE', `/images/${ref}`);
  }
}

/** The engine at DOCKER_HOST (or the usual sockets) and, when none answers, why. */
export async function detectEngine(env = process.env) {
  const socket = dockerSocket(env);
  if (!socket) {
    return {
      engine: null,
      socket: null,
      skipReason:
        'no Docker/Podman socket (DOCKER_HOST, /var/run/docker.sock, /run/podman/podman.sock)',
    };
  }
  const engine = new Engine(socket);
  if (!(await engine.answers())) {
    return { engine: null, socket, skipReason: `no engine answers on ${socket}` };
  }
  return { engine, socket, skipReason: null };
}

// ---- images -------------------------------------------------------------------------------

/** Debian's busybox-static: static, so it runs alone in an image. */
const BUSYBOX = ['/bin/busybox', '/usr/bin/busybox'].find((p) => existsSync(p)) ?? '/bin/busybox';
const APPLETS = ['sh', 'httpd', 'echo', 'printf', 'cat', 'sleep', 'hostname', 'env', 'ls', 'id'];

function octal(value, width) {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** ustar, the few entry kinds an image needs (same format as the driver's tar.ts). */
function tar(entries) {
  const parts = [];
  for (const e of entries) {
    const content = e.type === 'file' ? e.content : Buffer.alloc(0);
    const h = Buffer.alloc(512);
    h.write(e.type === 'directory' ? `${e.path}/` : e.path, 0, 100, 'utf8');
    h.write(octal(e.mode ?? (e.type === 'directory' ? 0o755 : 0o644), 8), 100, 'ascii');
    h.write(octal(0, 8), 108, 'ascii');
    h.write(octal(0, 8), 116, 'ascii');
    h.write(octal(content.length, 12), 124, 'ascii');
    h.write(octal(0, 12), 136, 'ascii');
    h.write(' '.repeat(8), 148, 'ascii');
    h.write(e.type === 'file' ? '0' : e.type === 'directory' ? '5' : '2', 156, 'ascii');
    if (e.linkTarget) h.write(e.linkTarget, 157, 100, 'utf8');
    h.write('ustar\0', 257, 'ascii');
    h.write('00', 263, 'ascii');
    let sum = 0;
    for (const byte of h) sum += byte;
    h.write(octal(sum, 7) + ' ', 148, 'ascii');
    parts.push(h, content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

/**
 * A busybox image named `ref`. `cmd` runs under a shell that exits on SIGTERM (httpd as
 * PID 1 would ignore it and every stop would wait for the kill timeout).
 */
export async function buildImage(engine, ref, { cmd, files = {} }) {
  const dirs = new Set(['bin', 'etc', 'tmp']);
  const fileEntries = [];
  for (const [path, f] of Object.entries(files)) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
    const file = typeof f === 'string' ? { content: f, mode: 0o644 } : f;
    fileEntries.push({ path, type: 'file', content: Buffer.from(file.content), mode: file.mode });
  }
  const entries = [
    ...[...dirs].sort().map((d) => ({
      path: d,
      type: 'directory',
      ...(d === 'tmp' ? { mode: 0o1777 } : {}),
    })),
    { path: 'bin/busybox', type: 'file', content: readFileSync(BUSYBOX), mode: 0o755 },
    ...APPLETS.map((a) => ({ path: `bin/${a}`, type: 'symlink', linkTarget: 'busybox' })),
    { path: 'etc/passwd', type: 'file', content: Buffer.from('root:x:0:0:root:/root:/bin/sh\n') },
    { path: 'etc/group', type: 'file', content: Buffer.from('root:x:0:\n') },
    ...fileEntries,
  ];
  const progress = await engine.json('POST', '/images/create', {
    query: {
      fromSrc: '-',
      repo: ref,
      changes: [`CMD ["/bin/sh","-c",${JSON.stringify(`trap 'exit 0' TERM; { ${cmd}; } & wait`)}]`],
    },
    body: tar(entries),
  });
  // The engine answers 200 and reports a failure inside its progress stream.
  const failure = /"error(?:Detail)?"\s*:\s*("[^"]*"|\{[^}]*\})/.exec(String(progress ?? ''));
  if (failure) throw new Error(`building ${ref}: ${failure[1]}`);
}

const CGI_WHO = "#!/bin/sh\nprintf 'Content-Type: text/plain\\r\\n\\r\\n'\nhostname\n";
const WEB_FILES = {
  'www/index.html': 'nuage test page\n',
  // The wordpress template's readiness path.
  'www/wp-includes/images/blank.gif': 'GIF89a',
  // Which replica answered: its hostname (the container's short id).
  'www/cgi-bin/who': { content: CGI_WHO, mode: 0o755 },
};

/**
 * The images a wordpress deployment needs, built from busybox under `prefix` (e.g.
 * `nde2e-1a2b3c`): the application (an httpd on port 80; `app` answers at once, `slowApp`
 * after a few seconds, which leaves a wide "mid-apply" window), and stand-ins for the
 * catalogue's database (an httpd on 3306) and wp-cli (a `wp` that exits 0). The stand-ins never
 * take the catalogue's names (a real image of that name may live in the same engine):
 * `imageOverrides` is the IMAGE_OVERRIDES value that makes the server use them.
 * `cleanup()` removes only what this call created.
 */
export async function prepareWordpressImages(engine, prefix, opts = {}) {
  const created = [];
  const cleanup = async () => {
    for (const ref of created) await engine.removeImage(ref);
  };
  try {
    return { ...(await buildWordpressImages(engine, prefix, opts, created)), cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

async function buildWordpressImages(engine, prefix, { slowAppSeconds = 4 }, created) {
  const repo = (what) => `localhost/${prefix}-${what}`;
  const build = async (what, opts) => {
    const ref = `${repo(what)}:1`;
    await buildImage(engine, ref, opts);
    created.push(ref);
    return ref;
  };
  await build('app', {
    cmd: 'echo "nuage test app started on $(hostname)"; httpd -f -v -p 80 -h /www',
    files: WEB_FILES,
  });
  await build('slowapp', {
    cmd: `echo "nuage test app starting on $(hostname)"; sleep ${slowAppSeconds}; httpd -f -v -p 80 -h /www`,
    files: WEB_FILES,
  });
  const db = await build('db-standin', {
    cmd: 'echo "nuage test database ready"; httpd -f -p 3306 -h /www',
    files: { 'www/index.html': 'db\n' },
  });
  const cli = await build('wpcli-standin', {
    cmd: 'wp',
    files: { 'bin/wp': { content: '#!/bin/sh\necho "wp $*"\nexit 0\n', mode: 0o755 } },
  });
  // Deployed under the catalogue's WordPress name (only catalogue images are accepted), with
  // tags of this run that IMAGE_OVERRIDES sends to the stand-ins.
  const app = { repository: CATALOGUE.application, tag: `${prefix}-app` };
  const slowApp = { repository: CATALOGUE.application, tag: `${prefix}-slowapp` };
  const overrides = [
    [`${app.repository}:${app.tag}`, `${repo('app')}:1`],
    [`${slowApp.repository}:${slowApp.tag}`, `${repo('slowapp')}:1`],
    [CATALOGUE.database, db],
    [CATALOGUE.setup, cli],
  ];
  return { app, slowApp, imageOverrides: overrides.map(([from, to]) => `${from}=${to}`).join(',') };
}

// ---- what one application holds ----------------------------------------------------------

/**
 * Everything of one deployment in the engine: containers and volumes labelled with its id,
 * plus anything named after its runtime name (`<name>-…`), labelled or not.
 */
export async function objectsOf(engine, deploymentId, name) {
  const label = { label: [`${LABELS.deploymentId}=${deploymentId}`] };
  const [labelled, named, labelledVolumes, namedVolumes] = await Promise.all([
    engine.containers(label),
    name ? engine.containers({ name: [`${name}-`] }) : [],
    engine.volumes(label),
    name ? engine.volumes({ name: [`${name}-`] }) : [],
  ]);
  const byId = new Map([...labelled, ...named].map((c) => [c.Id, c]));
  const volumes = new Map([...labelledVolumes, ...namedVolumes].map((v) => [v.Name, v]));
  return {
    containers: [...byId.values()].map((c) => ({
      id: c.Id,
      name: (c.Names?.[0] ?? '').replace(/^\//, ''),
      state: c.State,
      component: c.Labels?.[LABELS.component] ?? null,
    })),
    volumes: [...volumes.values()].map((v) => ({
      name: v.Name,
      component: v.Labels?.[LABELS.component] ?? null,
    })),
  };
}

/** Removes what a run may have left (its deployments' objects, its environments' networks). */
export async function sweep(engine, { deployments = [], networks = [] }) {
  for (const { id, name } of deployments) {
    const { containers, volumes } = await objectsOf(engine, id, name);
    for (const c of containers) await engine.removeContainer(c.id);
    for (const v of volumes) await engine.removeVolume(v.name);
  }
  for (const n of networks) await engine.removeNetwork(n);
}
