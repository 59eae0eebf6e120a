import type { Environment } from '@nuage/shared/api-types';
import type { EnvVarView, Release } from '@nuage/shared/build-types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { codeTestApp, deployCodeApp, runBuildToEnd } from '../../../test/helpers/code-factories';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, expectIssue, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let team: Team;
let env: Environment;

beforeAll(async () => {
  ({ t } = await codeTestApp());
  ({ team, env } = await teamWithEnvironment(t));
});
afterAll(() => t.close());

const put = (id: string, body: unknown, token = team.developer.token) =>
  call(t, 'PUT', `${API}/deployments/${id}/env-vars`, { token, body });

/** The SSE frames of a finished stream, as {event, id, data}. */
function frames(body: string) {
  return body
    .split('\n\n')
    .filter((f) => f.trim() && !f.startsWith(':'))
    .map((f) => {
      const field = (name: string) =>
        f
          .split('\n')
          .find((l) => l.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      return {
        event: field('event'),
        id: field('id'),
        data: JSON.parse(field('data') ?? 'null') as Record<string, unknown>,
      };
    });
}

describe('environment variables of a code application', () => {
  it('stores plain and secret ones, never returns a secret, keeps it when resent without value, and rolls out a new release', async () => {
    const app = await deployCodeApp(t, team.developer.token, env, {
      env_vars: [
        { name: 'NODE_ENV', value: 'production', secret: false },
        { name: 'API_KEY', value: 'cle-ultra-secrete', secret: true },
      ],
    });
    const got = await call(t, 'GET', `${API}/deployments/${app.id}/env-vars`, {
      token: team.user.token,
    });
    expect(got.json<EnvVarView[]>()).toEqual([
      { name: 'NODE_ENV', value: 'production', secret: false },
      { name: 'API_KEY', value: null, secret: true },
    ]);
    expect(got.body).not.toContain('cle-ultra-secrete');
    await runBuildToEnd(t, team.developer.token, app.build_id);

    const res = await put(app.id, [
      { name: 'NODE_ENV', value: 'staging', secret: false },
      { name: 'API_KEY', secret: true },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EnvVarView[]>()[1]).toEqual({ name: 'API_KEY', value: null, secret: true });
    // Release 2 becomes current once the reconciler rolled it out.
    await t.app.engine.reconciler.runUntilIdle();
    const releases = (
      await call(t, 'GET', `${API}/deployments/${app.id}/releases`, { token: team.user.token })
    ).json<Release[]>();
    expect(releases.map((r) => r.numero)).toEqual([2, 1]);
    expect(releases[0]).toMatchObject({
      is_current: true,
      image_digest: releases[1]!.image_digest,
    });
    expect(releases[0]!.configuration.env_var_names).toEqual(['NODE_ENV', 'API_KEY']);

    // What the runtime gets: the plain value in the environment, the secret through the Secret.
    const [row] = await t.database.db.select().from(deployments).where(eq(deployments.id, app.id));
    const spec = await t.app.engine.specs.of(row!, 'ns');
    expect(spec.app.env).toEqual(
      expect.arrayContaining([
        { name: 'NODE_ENV', value: 'staging' },
        { name: 'API_KEY', secretKey: 'env-API_KEY' },
        { name: 'PORT', value: '3000' },
      ]),
    );
    expect(spec.secretData['env-API_KEY']).toBe('cle-ultra-secrete');
    expect(t.logs.text).not.toContain('cle-ultra-secrete');
  });

  it("refuses invalid names ('Nom de variable invalide'), a new secret without value, and answers 403/404", async () => {
    const app = await deployCodeApp(t, team.developer.token, env);
    expectIssue(
      await put(app.id, [{ name: 'MAUVAIS-NOM', value: 'x', secret: false }]),
      ['body', '0', 'name'],
      'Nom de variable invalide',
    );
    expectIssue(
      await put(app.id, [{ name: 'NOUVEAU', secret: true }]),
      ['body', 0, 'value'],
      'La valeur de la variable est requise',
    );
    expect((await put(app.id, [], team.user.token)).statusCode).toBe(403);
    expect((await put(app.id, [], team.outsider.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', `${API}/deployments/${app.id}/env-vars`)).statusCode).toBe(401);
  });
});

describe('GET /builds/{id}/logs (SSE)', () => {
  it('streams every line with its seq, the status, then end; resumes after Last-Event-ID or ?after', async () => {
    const app = await deployCodeApp(t, team.developer.token, env);
    await runBuildToEnd(t, team.developer.token, app.build_id);
    const res = await call(t, 'GET', `${API}/builds/${app.build_id}/logs`, {
      token: team.user.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const all = frames(res.body);
    const logs = all.filter((f) => f.event === 'log');
    expect(logs.map((f) => Number(f.id))).toEqual(logs.map((_, i) => i + 1));
    expect(logs.map((f) => f.data.line)).toContain('Étape 2/2 : image prête');
    expect(all.at(-1)).toMatchObject({
      event: 'end',
      data: { status: 'success', build_id: app.build_id },
    });

    const resumed = await t.app.inject({
      method: 'GET',
      url: `${API}/builds/${app.build_id}/logs`,
      headers: { authorization: `Bearer ${team.user.token}`, 'last-event-id': '2' },
    });
    expect(frames(resumed.body).filter((f) => f.event === 'log')[0]!.id).toBe('3');
    const after = await call(t, 'GET', `${API}/builds/${app.build_id}/logs?after=${logs.length}`, {
      token: team.user.token,
    });
    expect(frames(after.body).filter((f) => f.event === 'log')).toEqual([]);
  });

  it('streams a live build: queued and running statuses, lines as they come, then end', async () => {
    const { t: live, builder } = await codeTestApp();
    try {
      builder.hold = true;
      const { team: tm, env: e } = await teamWithEnvironment(live);
      const app = await deployCodeApp(live, tm.developer.token, e);
      // Read as it comes: the worker starts only once the stream has said the build is queued.
      const res = await live.app.inject({
        method: 'GET',
        url: `${API}/builds/${app.build_id}/logs`,
        headers: { authorization: `Bearer ${tm.user.token}` },
        payloadAsStream: true,
      });
      let body = '';
      const stream = res.stream();
      stream.setEncoding('utf8');
      const firstStatus = new Promise<void>((resolve) =>
        stream.on('data', (chunk: string) => {
          body += chunk;
          if (body.includes('event: status')) resolve();
        }),
      );
      const ended = new Promise<void>((resolve) => stream.on('end', resolve));
      await firstStatus;
      await live.app.buildWorker!.tick();
      await builder.waitRunning(1);
      await new Promise((r) => setTimeout(r, 600));
      builder.finish(app.build_id);
      await live.app.buildWorker!.idle();
      await ended;
      const all = frames(body);
      const statuses = all.filter((f) => f.event === 'status').map((f) => f.data.status);
      expect(statuses[0]).toBe('queued');
      expect(statuses).toContain('running');
      expect(all.filter((f) => f.event === 'log').length).toBeGreaterThan(2);
      expect(all.at(-1)).toMatchObject({ event: 'end', data: { status: 'success' } });
    } finally {
      await live.close();
    }
  });

  it('answers 401 without a session and 404 to a non-member', async () => {
    const app = await deployCodeApp(t, team.developer.token, env);
    expect((await call(t, 'GET', `${API}/builds/${app.build_id}/logs`)).statusCode).toBe(401);
    const res = await call(t, 'GET', `${API}/builds/${app.build_id}/logs`, {
      token: team.outsider.token,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Construction non trouvée' });
  });
});
