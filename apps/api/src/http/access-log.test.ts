import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { maskSecrets } from './logging';

const linesFor = (t: TestApp, marker: string) =>
  t.logs.lines
    .filter((l) => l.includes(marker))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('one compact log line per request (issue 32)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes one line with the method, the masked URL, the status and the time, nothing more', async () => {
    const marker = `ligne-${Date.now()}`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/health?m=${marker}&token=jeton-secret`,
      headers: { authorization: 'Bearer jeton-secret', cookie: 'nuage_session=jeton-secret' },
    });
    expect(res.statusCode).toBe(200);
    const lines = linesFor(t, marker);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: `/api/v1/health?m=${marker}&token=[masqué]`,
      status: 200,
    });
    expect(typeof lines[0]!.ms).toBe('number');
    // Neither the request's headers nor the reply are serialised into it.
    expect(Object.keys(lines[0]!)).not.toEqual(expect.arrayContaining(['req']));
    expect(Object.keys(lines[0]!)).not.toEqual(expect.arrayContaining(['res']));
    expect(t.logs.text).not.toContain('jeton-secret');
  });

  it('keeps a refused request as one line at info with its status', async () => {
    const marker = `refus-${Date.now()}`;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/projects?m=${marker}` });
    expect(res.statusCode).toBe(401);
    expect(linesFor(t, marker)).toEqual([
      expect.objectContaining({ level: 30, status: 401, msg: 'request' }),
    ]);
  });
});

describe('at LOG_LEVEL=warn', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'warn' });
  });
  afterAll(() => t.close());

  it('writes no line for an ordinary request', async () => {
    const marker = `silence-${Date.now()}`;
    await t.app.inject({ method: 'GET', url: `/api/v1/health?m=${marker}` });
    expect(linesFor(t, marker)).toEqual([]);
  });
});

describe('maskSecrets', () => {
  it('hands back the very object when nothing is secret (no copy per line)', () => {
    const fields = { method: 'GET', nested: { a: [1, { b: 'c' }] } };
    expect(maskSecrets(fields)).toBe(fields);
  });

  it('masks in a copy, leaving the logged object as it was', () => {
    const input = { user: { motDePasse: 'x-secret' }, list: [{ token: 'y-secret' }] };
    expect(maskSecrets(input)).toEqual({
      user: { motDePasse: '[masqué]' },
      list: [{ token: '[masqué]' }],
    });
    expect(input.user.motDePasse).toBe('x-secret');
  });

  it('masks a secret carried by an error, keeping its message and stack', () => {
    const err = Object.assign(new Error('échec'), { config: { password: 'z-secret' } });
    const masked = maskSecrets({ err }) as unknown as { err: Record<string, unknown> };
    expect(masked.err).toMatchObject({
      type: 'Error',
      message: 'échec',
      config: { password: '[masqué]' },
    });
    expect(String(masked.err.stack)).toContain('échec');
  });
});
