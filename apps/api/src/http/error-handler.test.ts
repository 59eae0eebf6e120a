import { serverDetails, validation } from '@nuage/shared/messages';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectDetail, expectFieldError } from '../../test/helpers/assertions';
import { LogCapture } from '../../test/helpers/capture';
import { call, uniqueEmail, uniqueIp } from '../../test/helpers/factories';
import { createTestApp, testConfig, testSecrets, type TestApp } from '../../test/helpers/test-app';
import { createTestDatabase } from '../../test/helpers/test-database';
import { buildApp, type App } from '../app';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';

describe('error shape (ARCHITECTURE.md "API conventions")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/v1/nexiste-pas'],
    ['POST', '/api/v1/auth/nexiste-pas'],
    ['GET', '/api'],
    ['PATCH', '/api/v1/users/me'],
  ] as const)('%s %s → 404 with a French detail', async (method, url) => {
    expectDetail(await call(t, method, url), 404, serverDetails.routeNotFound);
  });

  it('malformed JSON → 400 with a French detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "awa@exemple.sn", "mot_de_passe": ',
    });
    expectDetail(res, 400, serverDetails.badJson);
  });

  it('an empty JSON body → 400 with a French detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectDetail(res, 400, serverDetails.badJson);
  });

  it('a body of an unsupported type → 415 with a French detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>awa@exemple.sn</email>',
    });
    expectDetail(res, 415, serverDetails.badJson);
  });

  it('a plain-text body → 422 in French (JSON expected)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=awa',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: [{ loc: ['body'], msg: serverDetails.badJson, type: 'invalid_type' }],
    });
  });

  it('a body over 1 MiB → 413 with a French detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(1024 * 1024), mot_de_passe: 'secret' }),
    });
    expectDetail(res, 413, serverDetails.payloadTooLarge);
  });

  it.each([
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"awa"'],
  ])('a JSON body that is %s → 422 in French', async (_name, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: [{ loc: ['body'], msg: serverDetails.badJson, type: 'invalid_type' }],
    });
  });

  it('no body at all → 422 in French', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: [{ loc: ['body'], msg: serverDetails.badJson, type: 'invalid_type' }],
    });
  });

  it('validation details carry loc, the French msg and a type', async () => {
    const res = await call(t, 'POST', '/api/v1/auth/login', {
      body: { email: 'pas-un-email', mot_de_passe: '123' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: [
        { loc: ['body', 'email'], msg: validation.emailInvalid, type: expect.any(String) },
        { loc: ['body', 'mot_de_passe'], msg: validation.passwordMin6, type: expect.any(String) },
      ],
    });
  });

  it.each([
    ['POST', '/api/v1/auth/login/'],
    ['POST', '/api/v1/auth/register/'],
    ['GET', '/api/v1/health/'],
  ] as const)('accepts a trailing slash: %s %s', async (method, url) => {
    const res = await call(t, method, url, method === 'POST' ? { body: {} } : {});
    expect(res.statusCode).not.toBe(404);
    if (method === 'POST') expectFieldError(res, ['body', 'email'], validation.emailRequired);
  });

  it('the burst guard answers 429 in French with Retry-After', async () => {
    const ip = uniqueIp();
    let last = await call(t, 'POST', '/api/v1/auth/login', { body: {}, ip });
    for (let i = 0; i < 60 && last.statusCode !== 429; i++) {
      last = await call(t, 'POST', '/api/v1/auth/login', { body: {}, ip });
    }
    expectDetail(last, 429, serverDetails.tooManyRequests);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Only that address is held back.
    expect(
      (await call(t, 'POST', '/api/v1/auth/login', { body: {}, ip: uniqueIp() })).statusCode,
    ).toBe(422);
  });
});

describe('unexpected failures', () => {
  let app: App;
  let database: DatabaseHandle;
  let config: Config;
  const logs = new LogCapture();
  beforeAll(async () => {
    database = await createTestDatabase();
    config = await testConfig();
    app = await buildApp({
      config,
      database,
      secrets: testSecrets(),
      logStream: logs,
    });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get('/api/v1/test/panne', async () => {
      throw new Error('détail interne: table secrète xyz');
    });
    typed.post(
      '/api/v1/test/types',
      { schema: { body: z.object({ quantite: z.number(), mode: z.enum(['a', 'b']) }) } },
      async () => ({ ok: true }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(config.dataDir, { recursive: true, force: true });
  });

  it('a bug → 500 with a French detail that reveals nothing; the log keeps the cause', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/panne' });
    expectDetail(res, 500, serverDetails.internal);
    expect(res.body).not.toContain('xyz');
    expect(logs.text).toContain('table secrète xyz');
  });

  it('zod messages a schema does not word itself are French too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/types',
      payload: { quantite: 'beaucoup', mode: 'c' },
    });
    expect(res.statusCode).toBe(422);
    const msgs = res.json<{ detail: { msg: string }[] }>().detail.map((d) => d.msg);
    expect(msgs).toHaveLength(2);
    for (const msg of msgs) expect(msg).toMatch(/attendu|invalide/i);
    expect(msgs.join(' ')).not.toMatch(/expected|invalid input/i);
  });
});

describe('database unavailable', () => {
  it('answers 503 in French on an auth call once the database is gone', async () => {
    const t = await createTestApp();
    await t.database.close();
    const res = await call(t, 'POST', '/api/v1/auth/login', {
      body: { email: uniqueEmail(), mot_de_passe: 'secret1' },
    });
    expectDetail(res, 503, serverDetails.databaseUnavailable);
    await t.app.close();
  });
});
