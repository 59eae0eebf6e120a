import { choosableEvents } from '@nuage/shared/notification-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '../../db/schema/certificates';
import {
  codeTestApp,
  deployCodeApp,
  runBuildToEnd,
  SHA1,
} from '../../../test/helpers/code-factories';
import {
  deployApp,
  erpBody,
  postDeploy,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import type { FakeImageBuilder } from '../../../test/helpers/fake-builder';
import { slackReceiver, type Receiver } from '../../../test/helpers/notification-receivers';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import type { Environment, Project } from '@nuage/shared/api-types';
import { notifyFailure } from '../backups/notify';
import { warnExpiringCertificates } from '../certificates/expiry-warnings';
import { createCertificateWorker } from '../certificates/worker';
import { createCustom, customBody } from '../../../test/certificates/api';
import { DAY, makeCertificate } from '../../../test/certificates/pki';

/** Events emitted where they happen, as a channel that chose them all receives them. */
let t: TestApp;
let builder: FakeImageBuilder;
let team: Team;
let project: Project;
let env: Environment;
let slack: Receiver;

beforeAll(async () => {
  slack = await slackReceiver();
  ({ t, builder } = await codeTestApp({
    notifications: { allowPrivateTargets: true, telegramApiUrl: 'http://127.0.0.1:9' },
  }));
  ({ team, project, env } = await teamWithEnvironment(t, { quota_cpu: 2, quota_ram: 4 }));
  const res = await call(t, 'POST', `${API}/projects/${project.id}/notification-channels`, {
    token: team.admin.token,
    body: { nom: 'Tout', type: 'slack', url: `${slack.url}/s`, evenements: choosableEvents },
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

async function told(): Promise<string[]> {
  while ((await t.app.deliveryWorker.pass()) > 0);
  const titles = slack.accepted.map((r) => String(r.json.text).split(' — ')[0]!);
  slack.accepted.length = 0;
  return titles;
}

describe('events from where they happen', () => {
  it('a failed build', async () => {
    builder.repos.get('https://git.exemple.sn/equipe/api.git')!.failing = {
      [SHA1]: 'SyntaxError: Unexpected token',
    };
    const app = await deployCodeApp(t, team.developer.token, env, {
      nom: 'api-web',
      cpu: 0.25,
      ram: 0.5,
    });
    await runBuildToEnd(t, team.developer.token, app.build_id);
    expect(await told()).toContain('Échec du build : api-web');
  });

  it('a failed backup and a failed test restore, not a restore the user watches', async () => {
    const app = await deployApp(t, team.developer.token, env.id, {
      nom: 'compta',
      cpu: 0.25,
      ram: 0.5,
    });
    await told();
    for (const what of ['sauvegarde', 'restauration de test', 'restauration'] as const)
      await notifyFailure(t.app.ctx, {
        projectId: project.id,
        deploymentId: app.id,
        applicationName: 'compta',
        what,
        reason: 'disque plein',
      });
    expect(await told()).toEqual([
      'Échec de la sauvegarde : compta',
      'Échec de la restauration de test : compta',
    ]);
  });

  it('a certificate expiring in 10 days, once', async () => {
    await t.database.db.insert(certificates).values({
      projectId: project.id,
      nom: 'boutique.exemple.sn',
      domain: 'boutique.exemple.sn',
      type: 'custom',
      status: 'Actif',
      expiresAt: new Date(Date.now() + 10 * 86_400_000 - 60_000),
    });
    await warnExpiringCertificates(t.database.db, t.app.log);
    await warnExpiringCertificates(t.database.db, t.app.log);
    const titles = await told();
    expect(titles).toEqual(['Certificat expirant : boutique.exemple.sn']);
  });

  it('a certificate imported 10 days before its expiry, told by the worker at once', async () => {
    // The worker's poll is an hour: only the import waking it tells the expiry now.
    const worker = createCertificateWorker(t.app.ctx, { pollMs: 3_600_000 });
    worker.start();
    try {
      // Its first pass (at start) over, it sleeps.
      await new Promise((r) => setTimeout(r, 1000));
      const leaf = makeCertificate({
        commonName: 'vitrine.exemple.sn',
        names: ['vitrine.exemple.sn'],
        end: new Date(Date.now() + 10 * DAY),
      });
      await createCustom(t, team.developer.token, customBody(project.id, leaf));
      const titles: string[] = [];
      const deadline = Date.now() + 10_000;
      while (
        !titles.includes('Certificat expirant : vitrine.exemple.sn') &&
        Date.now() < deadline
      ) {
        titles.push(...(await told()));
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(titles).toContain('Certificat expirant : vitrine.exemple.sn');
    } finally {
      await worker.stop();
    }
  });

  it('a deploy refused by the quota, and a project above 90 %', async () => {
    const refused = await postDeploy(
      t,
      team.developer.token,
      env.id,
      erpBody({ nom: 'trop-gros', cpu: 2, ram: 1 }),
    );
    expect(refused.statusCode).toBe(400);
    expect(await told()).toEqual([`Déploiement refusé par le quota : ${project.nom}`]);
    // 0.25 + 0.25 used of 2 cores; 1.5 more reaches 100 %.
    await deployApp(t, team.developer.token, env.id, { nom: 'plein', cpu: 1.5, ram: 0.5 });
    expect(await told()).toContain(`Quota à 100 % : ${project.nom}`);
  });

  it('a member’s role changed', async () => {
    const members = (
      await call(t, 'GET', `${API}/projects/${project.id}/members`, { token: team.admin.token })
    ).json<{ id: string; user_id?: string; email: string }[]>();
    const dev = members.find((m) => m.email === team.developer.email)!;
    const res = await call(t, 'PUT', `${API}/projects/${project.id}/members/${dev.id}`, {
      token: team.admin.token,
      body: { role_projet: 'admin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await told()).toEqual(['Rôle modifié : Didier Dev']);
  });
});
