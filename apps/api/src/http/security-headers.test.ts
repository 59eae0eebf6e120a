import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';

const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', true);";

/** Response headers of the API, the web app and the landing page (probe: none were set). */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    const web = await mkdtemp(path.join(os.tmpdir(), 'nuage-web-'));
    const page = (body: string) =>
      `<!doctype html><html><head><script>${THEME_SCRIPT}</script></head><body>${body}<script type="module" src="/assets/x.js"></script></body></html>`;
    await writeFile(path.join(web, 'index.html'), page('<div id="root"></div>'));
    await writeFile(path.join(web, 'landing.html'), page('<main>Accueil</main>'));
    t = await createTestApp({ webDistDir: web });
  });
  afterAll(() => t.close());

  const common = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  };

  it('API answers forbid loading, framing, sniffing and caching', async () => {
    for (const url of ['/api/v1/health', '/api/v1/users/me', '/api/v1/nulle-part']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers).toMatchObject(common);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('the web app and the landing page allow only their own scripts, plus the hashed theme script', async () => {
    const hash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
    for (const url of ['/', '/login', '/reset-password?token=abc&email=a%40b.sn']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject(common);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${hash}`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    }
  });

  it('adds HSTS only when the platform is served over HTTPS', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers).not.toHaveProperty(
      'strict-transport-security',
    );
    const secure = await createTestApp({ publicUrl: 'https://cloud.exemple.sn' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});
