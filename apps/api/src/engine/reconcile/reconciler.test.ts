import type { Environment, EnvironmentStatus } from '@nuage/shared/api-types';
import { eq } from 'drizzle-orm';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedEnvironments } from '../../db/schema/simulation';
import { call } from '../../../test/helpers/factories';
import { API, createEnvironment, type Team } from '../../../test/helpers/project-factories';
import {
  deployApp,
  deploymentRow,
  getDetail,
  putDeployment,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let team: Team;
let env: Environment;

beforeAll(async () => {
  t = await createTestApp();
  ({ team, env } = await teamWithEnvironment(t));
});
afterAll(() => t.close());

async function statusOf(envId: string) {
  const res = await call(t, 'GET', `${API}/environments/${envId}/status`, {
    token: team.user.token,
  });
  expect(res.statusCode).toBe(200);
  return res.json<EnvironmentStatus>();
}

const messages = async (id: string) =>
  (await getDetail(t, team.user.token, id)).events.map((e) => e.message);

describe('environments', () => {
  it('a new environment becomes active once its namespace exists, with its manifests folder', async () => {
    const fresh = await createEnvironment(t, team.admin.token, env.projet_id, {
      nom: 'Préproduction',
      type: 'preproduction',
    });
    expect(await statusOf(fresh.id)).toMatchObject({
      status: 'pending',
      gitlab_config: { created: false },
    });

    await t.app.engine.reconciler.runUntilIdle();

    expect(await statusOf(fresh.id)).toMatchObject({
      status: 'active',
      gitlab_config: { created: true },
    });
    const folder = path.join(t.config.dataDir, fresh.nom_dossier_git);
    expect(await readdir(folder)).toEqual(['namespace.yaml']);
    const yaml = await readFile(path.join(folder, 'namespace.yaml'), 'utf8');
    expect(yaml).toContain('kind: Namespace');
    expect(yaml).toContain(`name: ${fresh.namespace_k8s_id}`);
    const simulated = await t.database.db
      .select()
      .from(simulatedEnvironments)
      .where(eq(simulatedEnvironments.namespace, fresh.namespace_k8s_id));
    expect(simulated).toHaveLength(1);
  });
});

describe('an application from PENDING to RUNNING', () => {
  it('goes PENDING → DEPLOYING → RUNNING with French events, its URL and running pods', async () => {
    const firstRunning: string[] = [];
    t.app.engine.reconciler.onFirstRunning((id) => firstRunning.push(id));
    const app = await deployApp(t, team.developer.token, env.id, { nom: 'Cycle complet' });
    expect(app.statut_deploiement).toBe('PENDING');

    await t.app.engine.reconciler.tick();
    const deploying = await getDetail(t, team.user.token, app.id);
    expect(deploying.status).toBe('DEPLOYING');
    expect(deploying.application_url).toBe(`http://plateforme.test/simulation/${app.id}`);
    expect(deploying.pods_status.find((p) => !p.name.includes('-db-'))?.status).toBe('Pending');
    expect(deploying.events.map((e) => e.message)).toEqual([
      'Configuration appliquée (première mise en route)',
      'Déploiement demandé',
    ]);

    await reconcileToStatus(t, app.id, 'RUNNING');
    const running = await getDetail(t, team.user.token, app.id);
    expect(running.pods_status.map((p) => p.status)).toEqual(['Running', 'Running']);
    expect(running.events.map((e) => e.message)).toEqual([
      'Application disponible (1 instance(s) prête(s))',
      'Configuration appliquée (première mise en route)',
      'Déploiement demandé',
    ]);
    expect(running).toHaveProperty('date_deploiement', expect.any(String));

    // Further passes observe without adding events or applying again; the « site en ligne »
    // mail's worker was woken once, when it first ran.
    await reconcileToStatus(t, app.id, 'RUNNING');
    await t.app.engine.reconciler.tick();
    expect(await messages(app.id)).toHaveLength(3);
    expect(firstRunning.filter((id) => id === app.id)).toEqual([app.id]);
    expect((await deploymentRow(t, app.id))!.observedGeneration).toBe(1);
    // The application records the runtime it was applied on (pinned runtime, issue 12).
    expect((await deploymentRow(t, app.id))!.runtime).toBe('simulation');

    const files = await readdir(path.join(t.config.dataDir, env.nom_dossier_git));
    expect(files).toContain(`${(await deploymentRow(t, app.id))!.runtimeName}.yaml`);
  });

  it('keeps at most 20 events, newest first', async () => {
    const app = await deployApp(t, team.developer.token, env.id);
    for (let i = 0; i < 12; i++) {
      await putDeployment(t, team.developer.token, app.id, { replicas: (i % 2) + 2 });
      await t.app.engine.reconciler.tick();
    }
    const events = (await getDetail(t, team.user.token, app.id)).events;
    expect(events).toHaveLength(20);
    const times = events.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('an image the runtime cannot pull', () => {
  it('FAILS with the reason and an event, then recovers when the image is corrected', async () => {
    // Only the catalogue's images are accepted (issue 16): the missing image is a missing tag.
    const app = await deployApp(t, team.developer.token, env.id, {
      image_tag: '6.4-introuvable',
    });
    await reconcileToStatus(t, app.id, 'FAILED');
    const failed = await getDetail(t, team.user.token, app.id);
    expect(failed.status_reason).toContain(
      'docker.io/library/wordpress:6.4-introuvable introuvable',
    );
    expect(failed.events[0]!.message).toBe(`Échec : ${failed.status_reason}`);
    expect(failed.pods_status.find((p) => !p.name.includes('-db-'))?.status).toBe('Failed');

    await putDeployment(t, team.developer.token, app.id, { image_tag: '6.4-apache' });
    await reconcileToStatus(t, app.id, 'RUNNING');
    expect((await getDetail(t, team.user.token, app.id)).status_reason).toBeNull();
  });

  it('says so again when a second bad image fails in turn', async () => {
    const app = await deployApp(t, team.developer.token, env.id, { image_tag: 'inexistant-1' });
    await reconcileToStatus(t, app.id, 'FAILED');
    await putDeployment(t, team.developer.token, app.id, { image_tag: 'inexistant-2' });
    await t.app.engine.reconciler.tick();
    const detail = await getDetail(t, team.user.token, app.id);
    expect(detail.status_reason).toContain('inexistant-2');
    expect(detail.events[0]!.message).toBe(`Échec : ${detail.status_reason}`);
  });
});
