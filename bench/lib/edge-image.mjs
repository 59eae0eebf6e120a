import { execFileSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

/**
 * The edge proxy's test image: Debian's own caddy binary (package `caddy`) and the libraries it
 * links, imported into the engine under a name of its own (never the catalogue's caddy name).
 * Built once per engine; concurrent builders wait on a lock file.
 */
export const EDGE_TEST_IMAGE = 'localhost/nuage-edge-caddy:debian';

const LOCK_DIR = '/var/cache/nuage-test-images';

function engineRequest(socketPath, method, urlPath, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath,
        method,
        path: `/v1.41${urlPath}`,
        headers: body ? { 'content-type': 'application/x-tar' } : {},
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` holding an exclusive lock file (created with O_EXCL; a stale one expires after 10 min). */
async function withLock(name, fn) {
  mkdirSync(LOCK_DIR, { recursive: true });
  const lock = path.join(LOCK_DIR, `${name}.lock`);
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      if (Date.now() > deadline) rmSync(lock, { force: true });
      await sleep(500);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Builds EDGE_TEST_IMAGE if the engine at `socketPath` does not have it. Returns its reference. */
export async function ensureEdgeImage(socketPath, ref = EDGE_TEST_IMAGE) {
  const exists = async () =>
    (await engineRequest(socketPath, 'GET', `/images/${encodeURIComponent(ref)}/json`)).status ===
    200;
  if (await exists()) return ref;
  return withLock('nuage-edge-caddy', async () => {
    if (await exists()) return ref;
    const root = mkdtempSync(path.join(os.tmpdir(), 'nuage-edge-rootfs-'));
    try {
      const caddy = '/usr/bin/caddy';
      const libs = execFileSync('ldd', [caddy], { encoding: 'utf8' })
        .split('\n')
        .map((l) => /(\/\S+)\s+\(0x/.exec(l)?.[1])
        .filter(Boolean);
      for (const file of [caddy, ...libs, '/etc/ssl/certs/ca-certificates.crt']) {
        mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
        copyFileSync(file, path.join(root, file));
      }
      for (const dir of ['data', 'config', 'tmp', 'etc/nuage'])
        mkdirSync(path.join(root, dir), { recursive: true });
      writeFileSync(path.join(root, 'etc/passwd'), 'root:x:0:0:root:/root:/usr/bin/caddy\n');
      writeFileSync(path.join(root, 'etc/group'), 'root:x:0:\n');
      const tar = execFileSync('tar', ['-C', root, '-c', '.'], { maxBuffer: 512 * 1024 * 1024 });
      const changes = [
        'ENV XDG_DATA_HOME=/data XDG_CONFIG_HOME=/config',
        'CMD ["/usr/bin/caddy","run","--resume"]',
      ];
      // Both engines take the whole reference in `repo` (Podman ignores `tag`).
      const query = new URLSearchParams({ fromSrc: '-', repo: ref });
      for (const c of changes) query.append('changes', c);
      const res = await engineRequest(socketPath, 'POST', `/images/create?${query}`, tar);
      if (res.status !== 200)
        throw new Error(`edge image import failed: ${res.status} ${res.text}`);
      return ref;
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
}
