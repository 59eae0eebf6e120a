import { apiTokenLimits } from '@nuage/shared/account-limits';
import type { AuditPage } from '@nuage/shared/audit-actions';
import { apiTokenTexts } from '@nuage/shared/security-messages';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import { API, createProject } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { apiTokens } from '../../db/schema/sessions';

const TOKENS = `${API}/users/me/tokens`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (user: TestUser, body: Record<string, unknown> = {}) =>
  call(t, 'POST', TOKENS, {
    token: user.token,
    body: { nom: 'CI', portee: 'complet', expire_dans_jours: 30, ...body },
  });

describe('the limit of 20 API tokens per account', () => {
  it('holds when 25 creations arrive at once: exactly 20 accepted', async () => {
    const user = await createVerifiedUser(t);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => create(user, { nom: `CI ${i}` })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(apiTokenLimits.maxPerUser);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: apiTokenTexts.tooMany });
    }
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(apiTokens)
      .where(eq(apiTokens.userId, user.id));
    expect(Number(stored!.n)).toBe(apiTokenLimits.maxPerUser);
  });
});

describe('a token limited to a project, in that project’s audit log', () => {
  it('is recorded when created and when revoked, by whom, never with its secret', async () => {
    const admin = await createVerifiedUser(t, { prenom: 'Aïssatou', nom: 'Admin' });
    const project = await createProject(t, admin.token, { nom: 'Boutique' });
    const unrelated = await createProject(t, admin.token, { nom: 'Autre' });
    const res = await create(admin, { nom: 'Déploiement CI', projet_id: project.id });
    expect(res.statusCode, res.body).toBe(201);
    const { token, jeton } = res.json<{ token: string; jeton: { id: string } }>();
    await create(admin, { nom: 'Sans projet' });
    await call(t, 'DELETE', `${TOKENS}/${jeton.id}`, { token: admin.token });

    const log = async (projectId: string) =>
      (
        await call(t, 'GET', `${API}/projects/${projectId}/audit`, { token: admin.token })
      ).json<AuditPage>();
    const { events } = await log(project.id);
    const created = events.find((e) => e.action === 'api_token.create');
    expect(created).toMatchObject({
      libelle: 'Jeton d’API créé pour ce projet',
      acteur: { id: admin.id, email: admin.email },
      cible: { type: 'api_token', id: jeton.id, nom: 'Déploiement CI' },
      details: { portee: 'complet' },
    });
    expect(events.find((e) => e.action === 'api_token.revoke')).toMatchObject({
      cible: { type: 'api_token', id: jeton.id, nom: 'Déploiement CI' },
    });
    expect(JSON.stringify(events)).not.toContain(token);
    // Unrestricted tokens, and other projects' logs, say nothing of it.
    expect(JSON.stringify(events)).not.toContain('Sans projet');
    expect((await log(unrelated.id)).events.map((e) => e.action)).not.toContain('api_token.create');
  });
});
