import type { Environment } from '@nuage/shared/api-types';
import { count, eq } from 'drizzle-orm';
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { builds } from '../../db/schema/builds';
import {
  codeTestApp,
  deployCodeApp,
  getBuild,
  REPO,
  SHA2,
} from '../../../test/helpers/code-factories';
import type { FakeImageBuilder } from '../../../test/helpers/fake-builder';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let builder: FakeImageBuilder;
let team: Team;
let env: Environment;
let appId: string;
let secret: string;

beforeAll(async () => {
  ({ t, builder } = await codeTestApp());
  ({ team, env } = await teamWithEnvironment(t));
  appId = (await deployCodeApp(t, team.developer.token, env)).id;
  const res = await call(t, 'POST', `${API}/deployments/${appId}/webhook/secret`, {
    token: team.developer.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  secret = res.json<{ secret: string }>().secret;
});
afterAll(() => t.close());

/** The repository's branch now points at `sha`, as after a real push. */
const pushedTo = (sha: string, branch = 'main') => {
  builder.repos.get(REPO)!.branches[branch] = sha;
};
const push = (branch = 'main', sha = SHA2) =>
  JSON.stringify({
    ref: `refs/heads/${branch}`,
    after: sha,
    head_commit: { message: 'Nouvelle page\n\ndétails' },
  });
const hmac = (body: string, key = secret) => createHmac('sha256', key).update(body).digest('hex');
const send = (headers: Record<string, string>, body: string, id = appId) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/webhooks/git/${id}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
const buildCount = async () =>
  Number(
    (
      await t.database.db.select({ n: count() }).from(builds).where(eq(builds.deploymentId, appId))
    )[0]!.n,
  );

describe('webhook of a code application', () => {
  it('shows its URL and whether a secret exists; the secret is shown once, audited, never again', async () => {
    const res = await call(t, 'GET', `${API}/deployments/${appId}/webhook`, {
      token: team.user.token,
    });
    expect(res.json()).toEqual({
      url: `http://plateforme.test/api/v1/webhooks/git/${appId}`,
      has_secret: true,
      providers: ['github', 'gitlab', 'gitea'],
    });
    expect(res.body).not.toContain(secret);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'deployment.webhook_secret'));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(
      (
        await call(t, 'POST', `${API}/deployments/${appId}/webhook/secret`, {
          token: team.user.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(t, 'GET', `${API}/deployments/${appId}/webhook`, { token: team.outsider.token }))
        .statusCode,
    ).toBe(404);
  });

  it.each([
    [
      'GitHub',
      'a',
      (b: string) => ({
        'x-hub-signature-256': `sha256=${hmac(b)}`,
        'x-github-event': 'push',
        'x-github-delivery': randomUUID(),
      }),
    ],
    [
      'Gitea',
      'b',
      (b: string) => ({
        'x-gitea-signature': hmac(b),
        'x-gitea-event': 'push',
        'x-gitea-delivery': randomUUID(),
      }),
    ],
    [
      'GitLab',
      'c',
      () => ({
        'x-gitlab-token': secret,
        'x-gitlab-event': 'Push Hook',
        'x-gitlab-event-uuid': randomUUID(),
      }),
    ],
  ])(
    '%s: a signed push on the tracked branch queues a build of that commit (202)',
    async (_name, digit, headers) => {
      const sha = digit.repeat(40);
      pushedTo(sha);
      const body = push('main', sha);
      const res = await send(headers(body), body);
      expect(res.statusCode, res.body).toBe(202);
      const build = await getBuild(t, team.user.token, res.json<{ build_id: string }>().build_id);
      expect(build).toMatchObject({
        trigger: 'webhook',
        commit_sha: sha,
        commit_message: 'Nouvelle page',
        status: 'queued',
      });
    },
  );

  it("refuses a bad or missing signature with 401 'Signature du webhook invalide.' and writes nothing", async () => {
    const before = await buildCount();
    const body = push();
    const bad: Record<string, string>[] = [
      {},
      { 'x-hub-signature-256': `sha256=${hmac(body, 'autre-secret')}` },
      { 'x-hub-signature-256': `sha256=${hmac(body)}` }, // signed, then the body changed below
      { 'x-gitea-signature': 'zz' },
      { 'x-gitlab-token': `${secret}x` },
    ];
    for (const [i, headers] of bad.entries()) {
      const res = await send(headers, i === 2 ? push('main', '4'.repeat(40)) : body);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ detail: 'Signature du webhook invalide.' });
    }
    const unknown = await send(
      { 'x-gitlab-token': secret },
      body,
      '00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(401);
    expect(await buildCount()).toBe(before);
  });

  it('ignores a push on another branch and other events (202 ignored), writing nothing', async () => {
    const before = await buildCount();
    const other = push('develop');
    const res = await send(
      { 'x-hub-signature-256': `sha256=${hmac(other)}`, 'x-github-event': 'push' },
      other,
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      ignored: true,
      detail: 'Push sur la branche « develop » ignoré : l’application suit « main ».',
    });
    const ping = JSON.stringify({ zen: 'Keep it simple' });
    const pinged = await send(
      { 'x-hub-signature-256': `sha256=${hmac(ping)}`, 'x-github-event': 'ping' },
      ping,
    );
    expect(pinged.json()).toMatchObject({ ignored: true });
    expect(await buildCount()).toBe(before);
  });
});
