import Fastify, { type FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { registerSpa } from './spa';

const SPA = '<!doctype html><title>spa</title>';
const LANDING = '<!doctype html><title>landing</title>';

/** A built web app in a temporary folder: index.html, optionally landing.html, one asset. */
async function webDist(withLanding: boolean) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'nuage-spa-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), SPA);
  await writeFile(path.join(dir, 'assets', 'app-123.js'), 'console.log(1)');
  if (withLanding) await writeFile(path.join(dir, 'landing.html'), LANDING);
  return dir;
}

describe('serving the web app', () => {
  let app: FastifyInstance | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function start(withLanding: boolean) {
    dir = await webDist(withLanding);
    app = Fastify();
    await registerSpa(app, dir);
    return app;
  }

  it('answers exactly / with the pre-rendered landing page, every other route with the SPA', async () => {
    const server = await start(true);
    for (const url of ['/', '/?utm_source=x']) {
      const res = await server.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(LANDING);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toContain('text/html');
    }
    expect((await server.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    for (const url of ['/login', '/register', '/dashboard', '/nimporte/quoi']) {
      const res = await server.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(SPA);
    }
    const asset = await server.inject({ url: '/assets/app-123.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await server.inject({ url: '/api/v1/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toHaveProperty('detail');
  });

  it('falls back to the SPA for / when the build has no landing page', async () => {
    const server = await start(false);
    const res = await server.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SPA);
  });
});
