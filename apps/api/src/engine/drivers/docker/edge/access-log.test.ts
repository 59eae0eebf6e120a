import { appendFileSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_LOG_NAME, hostOf, prepareAccessLog, readAccessLog } from './access-log';

/** Lines as Caddy's filtered JSON access log writes them (caddy-config.ts). */
const line = (host: string, status: number, seconds: number, ts = T / 1000) =>
  JSON.stringify({
    level: 'info',
    ts,
    logger: 'http.log.access',
    msg: 'handled request',
    request: { host, method: 'GET' },
    duration: seconds,
    size: 12,
    status,
  }) + '\n';

const T = Date.UTC(2026, 10, 29, 15, 0, 10);
const HOSTS = new Map([
  ['boutique.localhost', 'dep-1'],
  ['www.boutique.fr', 'dep-1'],
  ['blog.localhost', 'dep-2'],
]);
const owner = (h: string) => HOSTS.get(h);

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ndtest-access-'));
  prepareAccessLog(dir);
  file = path.join(dir, ACCESS_LOG_NAME);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the edge proxy’s access log', () => {
  it('starts at the end of the file, then counts each application’s new requests by host', () => {
    appendFileSync(file, line('boutique.localhost', 200, 0.01));
    const start = readAccessLog(dir, null, owner);
    expect(start.minutes).toEqual([]);
    appendFileSync(
      file,
      line('boutique.localhost:8080', 200, 0.003) +
        line('WWW.Boutique.fr', 301, 0.0004) +
        line('boutique.localhost', 404, 0.02) +
        line('blog.localhost', 502, 2) +
        line('unknown.localhost', 200, 0.001) +
        'not json\n',
    );
    const read = readAccessLog(dir, start.cursor, owner);
    const byApp = Object.fromEntries(read.minutes.map((m) => [m.deploymentId, m]));
    expect(byApp['dep-1']).toMatchObject({
      at: Date.UTC(2026, 10, 29, 15, 0),
      requests: 3,
      status2xx: 1,
      status3xx: 1,
      status4xx: 1,
      status5xx: 0,
    });
    expect(byApp['dep-1']!.buckets.slice(0, 5)).toEqual([1, 0, 1, 0, 1]);
    expect(byApp['dep-2']).toMatchObject({ requests: 1, status5xx: 1 });
    // Nothing new: nothing counted twice.
    expect(readAccessLog(dir, read.cursor, owner).minutes).toEqual([]);
  });

  it('leaves a line still being written for the next reading', () => {
    const start = readAccessLog(dir, null, owner);
    const full = line('blog.localhost', 200, 0.01);
    appendFileSync(file, full.slice(0, 20));
    const half = readAccessLog(dir, start.cursor, owner);
    expect(half.minutes).toEqual([]);
    appendFileSync(file, full.slice(20));
    expect(readAccessLog(dir, half.cursor, owner).minutes.map((m) => m.requests)).toEqual([1]);
  });

  it('reads the rest of a rolled-over file before the new one', () => {
    const start = readAccessLog(dir, null, owner);
    appendFileSync(file, line('blog.localhost', 200, 0.01));
    // What Caddy's rolling does: rename, then a new file.
    renameSync(file, path.join(dir, 'access-2026-11-29T15-00-20.000.log'));
    appendFileSync(path.join(dir, 'access-2026-11-29T15-00-20.000.log'), '');
    prepareAccessLog(dir);
    appendFileSync(file, line('blog.localhost', 500, 0.01) + line('blog.localhost', 200, 0.01));
    const read = readAccessLog(dir, start.cursor, owner);
    expect(read.minutes).toMatchObject([{ requests: 3, status2xx: 2, status5xx: 1 }]);
    expect(readAccessLog(dir, read.cursor, owner).minutes).toEqual([]);
  });

  it('takes the host without its port, in lower case', () => {
    expect(hostOf('Shop.Example.FR:443')).toBe('shop.example.fr');
    expect(hostOf('[::1]:8080')).toBe('[::1]');
  });
});
