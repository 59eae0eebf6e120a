import { validation } from '@nuage/shared/messages';
import { certificateMessages } from '@nuage/shared/schemas/certificates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customBody } from '../../test/certificates/api';
import { leafFor, makeAuthorities } from '../../test/certificates/pki';
import { deployApp } from '../../test/helpers/deploy-factories';
import { call, createVerifiedUser, type TestUser } from '../../test/helpers/factories';
import { API, createEnvironment, createProject } from '../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { findInvalidText } from './text-input-guard';

/**
 * Hostile text and impossible dates, as a probe sends them: each must be a 422 in French that
 * names the field, never a 500 (PostgreSQL refuses NUL in text, jsonb refuses a lone surrogate's
 * escape, `new Date('2024-99-99')` throws once formatted).
 */
let t: TestApp;
let admin: TestUser;
let projectId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createVerifiedUser(t);
  projectId = (await createProject(t, admin.token)).id;
  const env = await createEnvironment(t, admin.token, projectId);
  ids.environment = env.id;
  ids.deployment = (await deployApp(t, admin.token, env.id)).id;
});
afterAll(() => t.close());

/** A raw JSON body: `\ud800` and `\u0000` stay escapes, as an attacker's client sends them. */
const raw = (method: 'PUT' | 'POST', url: string, json: string) =>
  t.app.inject({
    method,
    url,
    payload: json,
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
  });

function expectInvalid(
  res: { statusCode: number; body: string },
  loc: (string | number)[],
  msg: string,
) {
  expect(res.statusCode, res.body).toBe(422);
  expect(JSON.parse(res.body)).toEqual({ detail: [expect.objectContaining({ loc, msg })] });
}

describe('the probe’s requests', () => {
  it.each(['2024-99-99', '2024-02-30', '2023-02-29', '2024-13-01', '2024-01-01T99:00Z'])(
    'GET /projects/{id}/audit?depuis=%s (and jusqua) is a 422',
    async (date) => {
      for (const field of ['depuis', 'jusqua']) {
        const res = await call(t, 'GET', `${API}/projects/${projectId}/audit?${field}=${date}`, {
          token: admin.token,
        });
        expectInvalid(res, ['querystring', field], validation.dateInvalid);
      }
    },
  );

  it('PUT /projects/{id} with a lone surrogate in nom is a 422', async () => {
    for (const nom of ['a\\ud800b', 'a\\udfffb', '\\ud83d']) {
      const res = await raw(
        'PUT',
        `${API}/projects/${projectId}`,
        `{"nom":"${nom}","quota_cpu":2,"quota_ram":4,"quota_stockage":20}`,
      );
      expectInvalid(res, ['body', 'nom'], validation.invalidCharacters);
    }
    // A real character outside the BMP (a surrogate pair) is a name like any other.
    const emoji = await raw(
      'PUT',
      `${API}/projects/${projectId}`,
      '{"nom":"Boutique \\ud83d\\ude80","quota_cpu":2,"quota_ram":4,"quota_stockage":20}',
    );
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect(emoji.json<{ nom: string }>().nom).toBe('Boutique 🚀');
  });

  it('POST /projects/{id}/git-tokens with a NUL byte is a 422, in any field', async () => {
    expectInvalid(
      await raw(
        'POST',
        `${API}/projects/${projectId}/git-tokens`,
        '{"nom":"CI\\u0000","token":"x"}',
      ),
      ['body', 'nom'],
      validation.invalidCharacters,
    );
    expectInvalid(
      await raw(
        'POST',
        `${API}/projects/${projectId}/git-tokens`,
        '{"nom":"CI","token":"ghp_\\u0000"}',
      ),
      ['body', 'token'],
      validation.invalidCharacters,
    );
  });

  it('a certificate expiring on 30 February is refused, not filed under 1 March', async () => {
    const { root } = makeAuthorities('Dates');
    const res = await call(t, 'POST', `${API}/certificates`, {
      token: admin.token,
      body: customBody(projectId, leafFor(root, ['dates.exemple.sn']), {
        date_expiration: '2030-02-30',
      }),
    });
    expectInvalid(res, ['body', 'date_expiration'], certificateMessages.expiryInvalid);
  });
});

interface Route {
  method: string;
  path: string;
  body: { type?: string; properties?: Record<string, unknown> } | undefined;
  query: string[];
}

function routeTable(): Route[] {
  type Operation = {
    requestBody?: { content?: Record<string, { schema?: Route['body'] }> };
    parameters?: { in: string; name: string }[];
  };
  const doc = (
    t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }
  ).swagger();
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => ['get', 'post', 'put', 'delete'].includes(m))
      .map(([m, op]) => ({
        method: m.toUpperCase(),
        path,
        body: op.requestBody?.content?.['application/json']?.schema,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      })),
  );
}

const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name === 'envId' || path.startsWith('/api/v1/environments/{id}')
      ? ids.environment!
      : path.startsWith('/api/v1/deployments/') ||
          path.startsWith('/api/v1/monitoring/applications')
        ? ids.deployment!
        : projectId,
  );

describe('every route', () => {
  for (const [what, text, inQuery] of [
    ['a NUL byte', 'x\\u0000y', true],
    ['a lone surrogate', 'x\\udc00y', false],
  ] as const) {
    it(`answers 422 in French to ${what} in any string of its body or query, never 500`, async () => {
      const failures: string[] = [];
      let sent = 0;
      for (const route of routeTable()) {
        if (route.path.startsWith('/api/v1/webhooks/')) continue; // raw signed bytes, no JSON
        const url = concrete(route.path);
        // A URL carries UTF-8: a lone surrogate cannot be spelled there, NUL can (%00).
        const requests: { url: string; json?: string; loc: string }[] = inQuery
          ? route.query.map((q) => ({ url: `${url}?${q}=x%00y`, loc: `querystring.${q}` }))
          : [];
        if (route.body && route.method !== 'GET') {
          const fields = Object.keys(route.body.properties ?? { nom: {} });
          const object = `{${fields.map((f) => `"${f}":"${text}"`).join(',')}}`;
          requests.push({
            url,
            json: route.body.type === 'array' ? `[${object}]` : object,
            loc: 'body',
          });
        }
        for (const r of requests) {
          sent += 1;
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: r.url,
            ...(r.json === undefined ? {} : { payload: r.json }),
            headers: {
              authorization: `Bearer ${admin.token}`,
              ...(r.json === undefined ? {} : { 'content-type': 'application/json' }),
            },
          });
          const detail = (JSON.parse(res.body || '{}') as { detail?: { msg: string }[] }).detail;
          const french =
            Array.isArray(detail) && detail.some((d) => d.msg === validation.invalidCharacters);
          if (res.statusCode !== 422 || !french)
            failures.push(
              `${route.method} ${route.path} ${r.loc}: ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(inQuery ? 50 : 30);
    });
  }
});

describe('findInvalidText', () => {
  it('finds NUL and lone surrogates in values and keys, at any depth; passes real characters', () => {
    expect(findInvalidText({ a: 'ok', b: ['é', 'x\u0000'] })).toEqual(['b', 1]);
    expect(findInvalidText({ ['k\ud800']: 1 })).toEqual(['k\ud800']);
    expect(findInvalidText([{ deep: { deeper: '\udc00' } }])).toEqual([0, 'deep', 'deeper']);
    expect(findInvalidText({ nom: 'Fusée 🚀 — ok', n: 3, vide: null })).toBeNull();
    expect(findInvalidText(Buffer.from([0, 0xff]))).toBeNull();
    let nested: unknown = 'fin\u0000';
    for (let i = 0; i < 100_000; i++) nested = [nested];
    expect(findInvalidText(nested)).toHaveLength(100_000);
  });
});
