import type { Environment } from '@nuage/shared/api-types';
import type { Release } from '@nuage/shared/build-types';
import { webhookTexts } from '@nuage/shared/webhook-texts';
import { count, eq, lt } from 'drizzle-orm';
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeTestApp,
  deployCodeApp,
  REPO,
  runBuildToEnd,
  SHA1,
} from '../../../test/helpers/code-factories';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import type { FakeImageBuilder } from '../../../test/helpers/fake-builder';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { builds } from '../../db/schema/builds';
import { deployments } from '../../db/schema/deployments';
import { webhookDeliveries } from '../../db/schema/webhook-deliveries';
import { purgeExpiredAccountData } from '../sessions/maintenance';

/**
 * Replays of captured push deliveries, as an attacker who saw one (a proxy log, a leaked
 * delivery page) sends them: the same bytes and headers again, the same body under a fresh
 * delivery id (headers are not signed), an older delivery after a newer push.
 */
let t: TestApp;
let builder: FakeImageBuilder;
let team: Team;
let env: Environment;
let appId: string;
let secret: string;

const SHA_A = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const SHA_B = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

beforeAll(async () => {
  ({ t, builder } = await codeTestApp());
  ({ team, env } = await teamWithEnvironment(t));
  const app = await deployCodeApp(t, team.developer.token, env);
  appId = app.id;
  await runBuildToEnd(t, team.developer.token, app.build_id);
  const res = await call(t, 'POST', `${API}/deployments/${appId}/webhook/secret`, {
    token: team.developer.token,
  });
  secret = res.json<{ secret: string }>().secret;
});
afterAll(() => t.close());

/** A GitHub delivery as captured: its exact bytes and headers. */
function delivery(sha: string, before: string) {
  const body = JSON.stringify({ ref: 'refs/heads/main', before, after: sha, head_commit: null });
  const headers = {
    'content-type': 'application/json',
    'x-github-event': 'push',
    'x-github-delivery': randomUUID(),
    'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
  };
  return { body, headers };
}
const send = (d: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/webhooks/git/${appId}`,
    payload: d.body,
    headers: d.headers,
  });
/** The provider's repository after a real push: the branch points at `sha`. */
const pushedTo = (sha: string) => {
  builder.repos.get(REPO)!.branches.main = sha;
};
const buildCount = async () =>
  Number(
    (
      await t.database.db.select({ n: count() }).from(builds).where(eq(builds.deploymentId, appId))
    )[0]!.n,
  );
const releases = async () =>
  (await call(t, 'GET', `${API}/deployments/${appId}/releases`, { token: team.user.token })).json<
    Release[]
  >();
const history = async () =>
  (await t.database.db.select().from(deployments).where(eq(deployments.id, appId)))[0]!.events.map(
    (e) => e.message,
  );

describe('a captured push delivery sent again', () => {
  const captured: Record<string, ReturnType<typeof delivery>> = {};

  it('builds genuine pushes A then B', async () => {
    for (const [sha, before] of [
      [SHA_A, SHA1],
      [SHA_B, SHA_A],
    ] as const) {
      pushedTo(sha);
      captured[sha] = delivery(sha, before);
      const res = await send(captured[sha]);
      expect(res.statusCode, res.body).toBe(202);
      const build = await runBuildToEnd(
        t,
        team.developer.token,
        res.json<{ build_id: string }>().build_id,
      );
      expect(build.status).toBe('success');
    }
    expect((await releases()).map((r) => r.commit_sha)).toEqual([SHA_B, SHA_A, SHA1]);
  });

  it('is refused as is (same delivery id): 409, nothing built', async () => {
    const before = await buildCount();
    const res = await send(captured[SHA_B]!);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ detail: webhookTexts.replayed });
    expect(await buildCount()).toBe(before);
  });

  it('older delivery after a newer push, even under a fresh delivery id: ignored, the application is not rolled back', async () => {
    const before = await buildCount();
    const asIs = await send(captured[SHA_A]!);
    expect(asIs.statusCode, asIs.body).toBe(409);
    const fresh = await send({
      ...captured[SHA_A]!,
      headers: { ...captured[SHA_A]!.headers, 'x-github-delivery': randomUUID() },
    });
    expect(fresh.statusCode, fresh.body).toBe(202);
    expect(fresh.json()).toEqual({
      ignored: true,
      detail: webhookTexts.notHead(SHA_A, 'main', SHA_B),
    });
    expect(await buildCount()).toBe(before);
    const [latest] = await releases();
    expect(latest!.commit_sha).toBe(SHA_B);
    // The reason is visible in the application's history.
    expect(await history()).toContain(webhookTexts.notHead(SHA_A, 'main', SHA_B));
  });

  it('the latest delivery under a fresh id builds nothing again (nor undoes a rollback)', async () => {
    const before = await buildCount();
    const fresh = {
      ...captured[SHA_B]!,
      headers: { ...captured[SHA_B]!.headers, 'x-github-delivery': randomUUID() },
    };
    const res = await send(fresh);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      ignored: true,
      detail: expect.stringContaining(
        `Push du commit ${SHA_B.slice(0, 7)} ignoré : ce commit a déjà été construit`,
      ),
    });
    expect(await buildCount()).toBe(before);
  });

  it('two identical deliveries at once: one build, the other refused', async () => {
    const SHA_C = 'cccccccccccccccccccccccccccccccccccccccc';
    pushedTo(SHA_C);
    const d = delivery(SHA_C, SHA_B);
    const before = await buildCount();
    const answers = await Promise.all([send(d), send(d), send(d)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([202, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 202)[0]!.json()).toHaveProperty('build_id');
    expect(await buildCount()).toBe(before + 1);
  });

  it('a push whose commit cannot be checked is ignored, and can be redelivered once it can', async () => {
    const SHA_D = 'dddddddddddddddddddddddddddddddddddddddd';
    const d = delivery(SHA_D, 'c'.repeat(40));
    const saved = builder.repos.get(REPO)!;
    builder.repos.delete(REPO);
    try {
      const res = await send(d);
      expect(res.statusCode).toBe(202);
      expect(res.json<{ detail: string }>().detail).toMatch(
        /^Push du commit ddddddd ignoré : le dépôt n’a pas pu être lu/,
      );
    } finally {
      builder.repos.set(REPO, saved);
    }
    pushedTo(SHA_D);
    const again = await send(d);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toHaveProperty('build_id');
  });

  it('keeps delivery ids 30 days', async () => {
    const [row] = await t.database.db.select().from(webhookDeliveries).limit(1);
    expect(row).toBeDefined();
    await t.database.db
      .update(webhookDeliveries)
      .set({ receivedAt: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(eq(webhookDeliveries.deliveryId, row!.deliveryId));
    await purgeExpiredAccountData(t.app.ctx);
    const old = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(lt(webhookDeliveries.receivedAt, new Date(Date.now() - 24 * 3600_000)));
    expect(old).toEqual([]);
    expect((await t.database.db.select().from(webhookDeliveries)).length).toBeGreaterThan(0);
  });
});
