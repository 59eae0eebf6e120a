import type { AuditPage } from '@nuage/shared/audit-actions';
import { apiTokenTexts } from '@nuage/shared/security-messages';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createVerifiedUser, uniqueIp, type TestUser } from '../../../test/helpers/factories';
import { API, createProject } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/**
 * What survives when an owner takes their account back (README, "Accounts and security"): an
 * intruder who had the password holds a session of their own, and may have minted API tokens
 * with it. Enabling 2FA ends every other session; a password reset ends every session and
 * revokes every API token.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The intruder's own session: the same password, another device. */
async function secondSession(user: TestUser): Promise<string> {
  const res = await call(t, 'POST', `${API}/auth/login`, {
    body: { email: user.email, mot_de_passe: user.password },
    ip: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

async function apiToken(session: string, body: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', `${API}/users/me/tokens`, {
    token: session,
    body: { nom: 'Jeton', portee: 'complet', expire_dans_jours: 30, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ token: string }>().token;
}

const me = async (token: string) => (await call(t, 'GET', `${API}/users/me`, { token })).statusCode;

describe('enabling two-factor authentication', () => {
  it('ends every other session, keeps the one that enabled it; API tokens stay', async () => {
    const owner = await createVerifiedUser(t);
    const intruder = await secondSession(owner);
    const token = await apiToken(owner.token);
    const setup = await call(t, 'POST', `${API}/users/me/2fa/setup`, { token: owner.token });
    const secret = setup.json<{ secret: string }>().secret;
    const enabled = await call(t, 'POST', `${API}/users/me/2fa/enable`, {
      token: owner.token,
      body: { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(await me(intruder)).toBe(401);
    expect(await me(owner.token)).toBe(200);
    expect(await me(token)).toBe(200);
  });
});

describe('a password reset', () => {
  it('ends every session and revokes every API token, noted in the projects’ logs', async () => {
    const owner = await createVerifiedUser(t);
    const project = await createProject(t, owner.token, { nom: 'Boutique' });
    const intruder = await secondSession(owner);
    const planted = await apiToken(intruder, { nom: 'Porte dérobée' });
    const scoped = await apiToken(intruder, { nom: 'CI boutique', projet_id: project.id });

    const asked = await call(t, 'POST', `${API}/auth/request-password-reset`, {
      body: { email: owner.email },
      ip: uniqueIp(),
    });
    expect(asked.statusCode).toBe(200);
    const link = t.mailer.linkFor(owner.email);
    const reset = await call(t, 'POST', `${API}/auth/reset-password`, {
      body: {
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
        nouveau_mot_de_passe: 'Reprise-du-compte-2024',
      },
      ip: uniqueIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);

    for (const token of [planted, scoped]) {
      const res = await call(t, 'GET', `${API}/projects`, { token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: apiTokenTexts.invalid });
    }
    expect(await me(intruder)).toBe(401);
    expect(await me(owner.token)).toBe(401);

    const login = await call(t, 'POST', `${API}/auth/login`, {
      body: { email: owner.email, mot_de_passe: 'Reprise-du-compte-2024' },
      ip: uniqueIp(),
    });
    const session = login.json<{ access_token: string }>().access_token;
    const log = (
      await call(t, 'GET', `${API}/projects/${project.id}/audit`, { token: session })
    ).json<AuditPage>().events;
    expect(log.find((e) => e.action === 'api_token.revoke')).toMatchObject({
      cible: { type: 'api_token', nom: 'CI boutique' },
      details: { raison: 'réinitialisation du mot de passe du propriétaire' },
    });
  });
});
