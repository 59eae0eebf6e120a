import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { call, createVerifiedUser, type TestUser } from '../../test/helpers/factories';
import { CapturingMailer } from '../../test/helpers/capture';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';

/** Polls until `check` holds (notifications travel asynchronously), or fails after 3 s. */
async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 3000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached within 3 s');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Two API processes on one database (two apps whose LISTEN connections are distinct): a change
 * made through one is seen at once by the other, although both keep signed-in users in memory.
 */
describe('session cache across API processes', () => {
  let a: TestApp;
  let b: App;
  let user: TestUser;
  const me = (app: App, token: string) =>
    app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    a = await createTestApp();
    b = await buildApp({
      config: a.config,
      database: a.database,
      secrets: a.secrets,
      mailer: new CapturingMailer(),
    });
    await b.ready();
    user = await createVerifiedUser(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('shows a profile change made through the other process', async () => {
    expect((await me(b, user.token)).json()).toMatchObject({ prenom: user.prenom }); // now cached in b
    const res = await call(a, 'PUT', '/api/v1/users/me', {
      token: user.token,
      body: { prenom: 'Mariama', nom: user.nom, email: user.email },
    });
    expect(res.statusCode).toBe(200);
    await eventually(
      async () => (await me(b, user.token)).json<{ prenom: string }>().prenom === 'Mariama',
    );
  });

  it('ends, in the other process too, the sessions a password reset ends', async () => {
    expect((await me(b, user.token)).statusCode).toBe(200); // cached in b
    await call(a, 'POST', '/api/v1/auth/request-password-reset', { body: { email: user.email } });
    const link = a.mailer.linkFor(user.email);
    const reset = await call(a, 'POST', '/api/v1/auth/reset-password', {
      body: {
        email: user.email,
        token: link.searchParams.get('token'),
        nouveau_mot_de_passe: 'Nouveau-secret9',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(a.app, user.token)).statusCode).toBe(401); // the process that reset: at once
    await eventually(async () => (await me(b, user.token)).statusCode === 401);
  });

  it('refuses, in the other process too, a session ended through this one', async () => {
    const other = await createVerifiedUser(a);
    expect((await me(b, other.token)).statusCode).toBe(200); // cached in b
    const started = Date.now();
    expect((await call(a, 'POST', '/api/v1/auth/logout', { token: other.token })).statusCode).toBe(
      200,
    );
    await eventually(async () => (await me(b, other.token)).statusCode === 401);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('ends the session in the other process when the account is deleted', async () => {
    const other = await createVerifiedUser(a);
    expect((await me(b, other.token)).statusCode).toBe(200);
    expect((await call(a, 'DELETE', '/api/v1/users/me', { token: other.token })).statusCode).toBe(
      200,
    );
    await eventually(async () => (await me(b, other.token)).statusCode === 401);
  });
});
