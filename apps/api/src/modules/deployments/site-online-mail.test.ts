import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { call } from '../../../test/helpers/factories';
import {
  deployApp,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { sendSiteOnlineMails } from './site-online-mail';

let t: TestApp;
let team: Team;
let envId: string;
beforeAll(async () => {
  t = await createTestApp();
  const made = await teamWithEnvironment(t);
  team = made.team;
  envId = made.env.id;
});
afterAll(() => t.close());

const onlineMails = (email: string) =>
  t.mailer.sent.filter((m) => m.to === email && /est en ligne/.test(m.subject));

describe('« Votre site est en ligne » (issue 33)', () => {
  it('mails whoever deployed it once, after the first successful deploy, with its address and admin access', async () => {
    const app = await deployApp(t, team.developer.token, envId, { nom: 'Vitrine Dakar' });
    await sendSiteOnlineMails(t.app.ctx);
    expect(onlineMails(team.developer.email), 'not before it is online').toEqual([]);

    await reconcileToStatus(t, app.id, 'RUNNING');
    await sendSiteOnlineMails(t.app.ctx);
    const [mail, ...others] = onlineMails(team.developer.email);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('Votre site « Vitrine Dakar » est en ligne');
    const [row] = await t.database.db.select().from(deployments).where(eq(deployments.id, app.id));
    const address = row!.applicationUrl!.replace(/\/$/, '');
    expect(mail!.text).toContain(`en ligne à l'adresse ${address}`);
    expect(mail!.text).toContain(`connectez-vous sur ${address}/wp-admin`);
    expect(mail!.text).toContain('carte « Accès administrateur »');
    expect(mail!.text).toContain(`${t.config.publicUrl}/deployment/${app.id}`);
    // Nobody else of the project is written to.
    expect(onlineMails(team.admin.email)).toEqual([]);

    // A redeploy (new resources) online again: no second mail.
    const edited = await call(t, 'PUT', `${API}/deployments/deployment/${app.id}`, {
      token: team.developer.token,
      body: { replicas: 2 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await reconcileToStatus(t, app.id, 'RUNNING');
    await sendSiteOnlineMails(t.app.ctx);
    await sendSiteOnlineMails(t.app.ctx);
    expect(onlineMails(team.developer.email)).toHaveLength(1);
  });

  it('never mails twice when two processes pass at once', async () => {
    const app = await deployApp(t, team.developer.token, envId, { nom: 'Boutique Thiès' });
    await reconcileToStatus(t, app.id, 'RUNNING');
    await Promise.all([sendSiteOnlineMails(t.app.ctx), sendSiteOnlineMails(t.app.ctx)]);
    expect(
      onlineMails(team.developer.email).filter((m) => m.subject.includes('Boutique Thiès')),
    ).toHaveLength(1);
  });
});
