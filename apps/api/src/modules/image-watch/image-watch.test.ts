import { shortDigest } from '@nuage/shared/image-reference';
import { deploymentErrorTexts } from '@nuage/shared/messages/deployments';
import { imageDeployTexts, imageWatchTexts } from '@nuage/shared/messages/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deployApp,
  deploymentRow,
  getDetail,
  putDeployment,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, expectDetail, expectIssue, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import type { TagDigestQuery } from './registry-client';
import { RegistryCheckError } from './registry-client';
import { ImageWatchWorker } from './worker';

let t: TestApp;
let team: Team;
let projectId: string;
let envId: string;
const PASSWORD = 'ghp_jeton-du-registre-0123456789';
const INTERVAL_MS = 60_000;
const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;

/** What the fake registry answers per image, and every question it was asked. */
const registry = new Map<string, string | Error>();
const asked: TagDigestQuery[] = [];
let worker: ImageWatchWorker;

beforeAll(async () => {
  t = await createTestApp();
  const created = await teamWithEnvironment(t);
  ({ team } = created);
  projectId = created.project.id;
  envId = created.env.id;
  worker = new ImageWatchWorker(t.app.ctx, {
    intervalMs: INTERVAL_MS,
    fetchDigest: async (q) => {
      asked.push(q);
      const answer = registry.get(`${q.repository}:${q.tag}`);
      if (answer instanceof Error) throw answer;
      if (!answer) throw new RegistryCheckError(imageWatchTexts.notFound(q.repository));
      return answer;
    },
  });
});
afterAll(() => t.close());

let counter = 0;
async function deployImage(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const res = await call(t, 'POST', `${API}/deployments/${envId}/deploy/image`, {
    token: team.developer.token,
    body: {
      nom: `suivie-${counter}`,
      image: `ghcr.io/acme/app-${counter}:1`,
      port: 8080,
      cpu: 0.25,
      ram: 0.5,
      replicas: 1,
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; image_registry_url: string }>();
}
const putWatch = (id: string, body: unknown, token: string | null = team.developer.token) =>
  call(t, 'PUT', `${API}/deployments/${id}/image-watch`, { ...(token ? { token } : {}), body });

type WatchView = {
  redeploiement_auto: boolean;
  empreinte_en_service: string | null;
  derniere_verification: string | null;
  erreur_registre: string | null;
};
const watchOf = async (id: string) => {
  const res = await call(t, 'GET', `${API}/deployments/deployment/${id}`, {
    token: team.user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ image_settings: WatchView }>().image_settings;
};

/** A pass at `now` (minutes after the real now), the application's check made due first. */
async function passFor(id: string, minutesLater = 0) {
  const row = await deploymentRow(t, id);
  const now = new Date(Date.now() + minutesLater * 60_000);
  if (row?.imageWatchNextAt && row.imageWatchNextAt > now) {
    const { deployments } = await import('../../db/schema/deployments');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(deployments)
      .set({ imageWatchNextAt: now })
      .where(eq(deployments.id, id));
  }
  return worker.pass(now);
}

describe('« Redéployer à chaque nouvelle version »', () => {
  it('is chosen in the deploy form and shown with the application', async () => {
    const app = await deployImage({ redeploiement_auto: true });
    expect(await watchOf(app.id)).toMatchObject({
      redeploiement_auto: true,
      empreinte_en_service: null,
      derniere_verification: null,
      erreur_registre: null,
    });
    const off = await deployImage();
    expect((await watchOf(off.id)).redeploiement_auto).toBe(false);
  });

  it('is turned on and off afterwards by developers, each change in the audit log', async () => {
    const app = await deployImage();
    expect((await putWatch(app.id, { redeploiement_auto: true }, null)).statusCode).toBe(401);
    expectIssue(
      await putWatch(app.id, { redeploiement_auto: 'oui' }),
      ['body', 'redeploiement_auto'],
      imageDeployTexts.watchInvalid,
    );
    expect((await putWatch(app.id, { redeploiement_auto: true }, team.user.token)).statusCode).toBe(
      403,
    );
    expect(
      (await putWatch(app.id, { redeploiement_auto: true }, team.outsider.token)).statusCode,
    ).toBe(404);
    const on = await putWatch(app.id, { redeploiement_auto: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<{ image_settings: WatchView }>().image_settings.redeploiement_auto).toBe(true);
    const detail = await getDetail(t, team.user.token, app.id);
    expect(detail.events[0]?.message).toBe(imageWatchTexts.turnedOn);
    expect((await putWatch(app.id, { redeploiement_auto: false })).statusCode).toBe(200);
    expect((await watchOf(app.id)).redeploiement_auto).toBe(false);
    const audit = await call(t, 'GET', `${API}/projects/${projectId}/audit`, {
      token: team.admin.token,
    });
    expect(audit.body).toContain('deployment.image_watch');
  });

  it('is refused, in French, for an application that is not an image', async () => {
    const erp = await deployApp(t, team.developer.token, envId, { nom: 'boutique' });
    expectIssue(
      await putWatch(erp.id, { redeploiement_auto: true }),
      ['body', 'redeploiement_auto'],
      imageWatchTexts.onlyImages,
    );
  });

  it('redeploys by digest when a new version is pushed under the tag, not before', async () => {
    const app = await deployImage({ redeploiement_auto: true });
    const image = `${app.image_registry_url}:1`;
    registry.set(image, D1);
    const before = (await deploymentRow(t, app.id))!;

    // The first read is the version the deploy pulled: nothing to redeploy.
    await passFor(app.id);
    let row = (await deploymentRow(t, app.id))!;
    expect(row.generation).toBe(before.generation);
    const first = await watchOf(app.id);
    expect(first.empreinte_en_service).toBe(D1);
    expect(first.derniere_verification).not.toBeNull();

    // The same digest again: still nothing.
    await passFor(app.id, 2);
    expect((await deploymentRow(t, app.id))!.generation).toBe(before.generation);

    // Pushed again under the same tag: pinned to the new digest and rolled out.
    registry.set(image, D2);
    await passFor(app.id, 4);
    row = (await deploymentRow(t, app.id))!;
    expect(row.generation).toBe(before.generation + 1);
    const spec = await t.app.engine.specs.ofApplication(row);
    expect(spec.app.image).toBe(`${app.image_registry_url}@${D2}`);
    const detail = await getDetail(t, team.user.token, app.id);
    expect(detail.events[0]?.message).toBe(imageWatchTexts.newVersion('1', shortDigest(D2)));
    expect((await watchOf(app.id)).empreinte_en_service).toBe(D2);
    const audit = await call(t, 'GET', `${API}/projects/${projectId}/audit`, {
      token: team.admin.token,
    });
    expect(audit.body).toContain('deployment.image_update');
    expect(audit.body).toContain(D2);
  });

  it('never asks the registry for an application with the option off', async () => {
    const app = await deployImage();
    registry.set(`${app.image_registry_url}:1`, D1);
    asked.length = 0;
    await worker.pass(new Date(Date.now() + 24 * 3_600_000));
    expect(asked.map((q) => q.repository)).not.toContain(app.image_registry_url);
  });

  it('shows a registry error on the application page, keeps it running and asks later', async () => {
    const app = await deployImage({ redeploiement_auto: true });
    const image = `${app.image_registry_url}:1`;
    registry.set(image, new RegistryCheckError(imageWatchTexts.unreachable('ghcr.io')));
    const before = (await deploymentRow(t, app.id))!;
    const now = Date.now();
    await passFor(app.id);
    const row = (await deploymentRow(t, app.id))!;
    expect(row.generation).toBe(before.generation);
    expect(row.desiredState).toBe('present');
    expect((await watchOf(app.id)).erreur_registre).toBe(imageWatchTexts.unreachable('ghcr.io'));
    // Backed off: the next check waits twice the interval after one failure.
    expect(row.imageWatchNextAt!.getTime() - now).toBeGreaterThanOrEqual(2 * INTERVAL_MS - 1000);

    registry.set(image, D1);
    await passFor(app.id, 5);
    expect(await watchOf(app.id)).toMatchObject({
      erreur_registre: null,
      empreinte_en_service: D1,
    });
  });

  it('asks with the project’s credentials of the image’s registry, never showing them', async () => {
    const cred = await call(t, 'POST', `${API}/projects/${projectId}/registry-credentials`, {
      token: team.admin.token,
      body: { registre: 'ghcr.io', utilisateur: 'acme', mot_de_passe: PASSWORD },
    });
    expect(cred.statusCode, cred.body).toBe(201);
    const app = await deployImage({
      redeploiement_auto: true,
      registry_credential_id: cred.json<{ id: string }>().id,
    });
    registry.set(`${app.image_registry_url}:1`, D1);
    asked.length = 0;
    await passFor(app.id);
    const q = asked.find((a) => a.repository === app.image_registry_url);
    expect(q?.credentials).toEqual({ registry: 'ghcr.io', username: 'acme', password: PASSWORD });
    const detail = await call(t, 'GET', `${API}/deployments/deployment/${app.id}`, {
      token: team.admin.token,
    });
    expect(detail.body).not.toContain(PASSWORD);
    expect(t.logs.text).not.toContain(PASSWORD);
  });

  it('follows the new tag afresh after an edit to another tag', async () => {
    const app = await deployImage({ redeploiement_auto: true });
    registry.set(`${app.image_registry_url}:1`, D1);
    await passFor(app.id);
    registry.set(`${app.image_registry_url}:1`, D2);
    await passFor(app.id, 3);
    expect((await deploymentRow(t, app.id))!.imageDigest).toBe(D2);

    const edit = await putDeployment(t, team.developer.token, app.id, { image_tag: '2' });
    expect(edit.statusCode, edit.body).toBe(200);
    const row = (await deploymentRow(t, app.id))!;
    expect(row.imageDigest).toBeNull();
    const spec = await t.app.engine.specs.ofApplication(row);
    expect(spec.app.image).toBe(`${app.image_registry_url}:2`);
    expect((await watchOf(app.id)).empreinte_en_service).toBeNull();
  });

  it('answers 404 for an unknown application', async () => {
    expectDetail(
      await putWatch('00000000-0000-4000-8000-000000000000', { redeploiement_auto: true }),
      404,
      deploymentErrorTexts.notFound,
    );
  });

  it('has a secret registry webhook URL that asks for the check at once', async () => {
    const app = await deployImage({ redeploiement_auto: true });
    const image = `${app.image_registry_url}:1`;
    registry.set(image, D1);
    await passFor(app.id);
    const hookPath = `${API}/deployments/${app.id}/image-watch/hook`;
    expect((await call(t, 'POST', hookPath)).statusCode).toBe(401);
    expect((await call(t, 'POST', hookPath, { token: team.user.token })).statusCode).toBe(403);
    const made = await call(t, 'POST', hookPath, { token: team.developer.token });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.headers['cache-control']).toBe('no-store');
    const url = made.json<{ url: string }>().url;
    const path = new URL(url).pathname;
    expect(path).toMatch(new RegExp(`^/api/v1/webhooks/image/${app.id}/[A-Za-z0-9_-]{40,}$`));
    const token = path.split('/').pop()!;
    expect((await watchOf(app.id)) as unknown).toMatchObject({ webhook_registre: true });
    const detail = await call(t, 'GET', `${API}/deployments/deployment/${app.id}`, {
      token: team.admin.token,
    });
    expect(detail.body).not.toContain(token);

    // A registry's notification, in its own format: the check is due now, and finds D2.
    registry.set(image, D2);
    const before = (await deploymentRow(t, app.id))!;
    const hit = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/vnd.docker.distribution.events.v1+json' },
      payload: JSON.stringify({ events: [{ action: 'push' }] }),
    });
    expect(hit.statusCode, hit.body).toBe(202);
    expect(hit.json<{ message: string }>().message).toBe(imageWatchTexts.hookAccepted);
    await worker.pass(new Date());
    const after = (await deploymentRow(t, app.id))!;
    expect(after.generation).toBe(before.generation + 1);
    expect(after.imageDigest).toBe(D2);

    // Any other token, or the old one after a new URL was made, is unknown.
    const unknown = await t.app.inject({ method: 'POST', url: `${path.slice(0, -4)}AAAA` });
    expectDetail(unknown, 404, imageWatchTexts.hookUnknown);
    await call(t, 'POST', hookPath, { token: team.developer.token });
    expectDetail(
      await t.app.inject({ method: 'POST', url: path }),
      404,
      imageWatchTexts.hookUnknown,
    );
    expect(t.logs.text).not.toContain(token);
  });

  it('answers 409 to a registry webhook while the option is off', async () => {
    const app = await deployImage();
    const made = await call(t, 'POST', `${API}/deployments/${app.id}/image-watch/hook`, {
      token: team.developer.token,
    });
    expect(made.statusCode, made.body).toBe(200);
    const path = new URL(made.json<{ url: string }>().url).pathname;
    expectDetail(
      await t.app.inject({ method: 'POST', url: path }),
      409,
      imageWatchTexts.hookWatchOff,
    );
    expect((await deploymentRow(t, app.id))!.imageWatchNextAt).toBeNull();
  });
});
