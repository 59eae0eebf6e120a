import type { ActiveSession } from '@nuage/shared/session-types';
import { csrfHeader } from '@nuage/shared/limits';
import { serverDetails } from '@nuage/shared/messages';
import { sessionTexts } from '@nuage/shared/security-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail } from '../../../test/helpers/assertions';
import { call, createVerifiedUser, loginAs, uniqueIp } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { sessionIdOf } from '../../../test/helpers/tokens';

const SESSIONS = '/api/v1/users/me/sessions';
const ME = '/api/v1/users/me';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('server-side sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = async (token: string) =>
    (await call(t, 'GET', SESSIONS, { token })).json<ActiveSession[]>();

  it('every login is a session listed with its device, address and which one is current', async () => {
    const user = await createVerifiedUser(t);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, mot_de_passe: user.password },
      remoteAddress: '192.0.2.7',
      headers: { 'user-agent': CHROME_LINUX },
    });
    const sessions = await list(user.token);
    expect(sessions).toHaveLength(2);
    const other = sessions.find((s) => s.id === sessionIdOf(phone.json().access_token))!;
    expect(other).toMatchObject({
      appareil: 'Chrome sur Linux',
      adresse_ip: '192.0.2.7',
      session_courante: false,
    });
    expect(sessions.find((s) => s.session_courante)?.id).toBe(sessionIdOf(user.token));
  });

  it('ending a session logs that client out at once; the others keep working', async () => {
    const user = await createVerifiedUser(t);
    const laptop = await loginAs(t, user.email, user.password, { ip: uniqueIp() });
    const ended = await call(t, 'DELETE', `${SESSIONS}/${sessionIdOf(laptop)}`, {
      token: user.token,
    });
    expect(ended.json()).toEqual({ message: sessionTexts.ended });
    expectDetail(await call(t, 'GET', ME, { token: laptop }), 401, serverDetails.sessionInvalid);
    expect((await call(t, 'GET', ME, { token: user.token })).statusCode).toBe(200);
  });

  it("cannot end someone else's session (404, and it keeps working)", async () => {
    const victim = await createVerifiedUser(t);
    const attacker = await createVerifiedUser(t);
    const res = await call(t, 'DELETE', `${SESSIONS}/${sessionIdOf(victim.token)}`, {
      token: attacker.token,
    });
    expectDetail(res, 404, sessionTexts.notFound);
    expect((await call(t, 'GET', ME, { token: victim.token })).statusCode).toBe(200);
  });

  it("'Déconnecter les autres sessions' ends every session but the current one", async () => {
    const user = await createVerifiedUser(t);
    const others = [
      await loginAs(t, user.email, user.password, { ip: uniqueIp() }),
      await loginAs(t, user.email, user.password, { ip: uniqueIp() }),
    ];
    expect((await call(t, 'DELETE', SESSIONS, { token: user.token })).statusCode).toBe(200);
    for (const token of others) expect((await call(t, 'GET', ME, { token })).statusCode).toBe(401);
    expect((await list(user.token)).map((s) => s.id)).toEqual([sessionIdOf(user.token)]);
  });

  it('logout ends the current session and clears the cookie', async () => {
    const user = await createVerifiedUser(t);
    const res = await call(t, 'POST', '/api/v1/auth/logout', { token: user.token });
    expect(res.json()).toEqual({ message: sessionTexts.loggedOut });
    expect(String(res.headers['set-cookie'])).toMatch(/^nuage_session=;.*Max-Age=0/);
    expect((await call(t, 'GET', ME, { token: user.token })).statusCode).toBe(401);
    // Logging out twice is just a 401: the token is dead.
    expect((await call(t, 'POST', '/api/v1/auth/logout', { token: user.token })).statusCode).toBe(
      401,
    );
  });

  it('a password reset ends every session', async () => {
    const user = await createVerifiedUser(t);
    const second = await loginAs(t, user.email, user.password, { ip: uniqueIp() });
    await call(t, 'POST', '/api/v1/auth/request-password-reset', { body: { email: user.email } });
    const link = t.mailer.linkFor(user.email);
    const reset = await call(t, 'POST', '/api/v1/auth/reset-password', {
      body: {
        email: user.email,
        token: link.searchParams.get('token'),
        nouveau_mot_de_passe: 'Nouveau-Secret9',
      },
    });
    expect(reset.statusCode).toBe(200);
    for (const token of [user.token, second])
      expect((await call(t, 'GET', ME, { token })).statusCode).toBe(401);
  });

  describe('the browser cookie', () => {
    const withCookie = (cookie: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: ME, headers: { cookie, ...headers } });

    it('authenticates with the header only the web app sends; without it, a forged cross-site request is refused', async () => {
      const user = await createVerifiedUser(t);
      const login = await call(t, 'POST', '/api/v1/auth/login', {
        body: { email: user.email, mot_de_passe: user.password },
      });
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      const ok = await withCookie(cookie, { [csrfHeader.name]: csrfHeader.value });
      expect(ok.statusCode).toBe(200);
      expectDetail(await withCookie(cookie), 403, sessionTexts.csrfRefused);
      // A state-changing request from another site (a form post carries the cookie, not the header).
      const forged = await t.app.inject({
        method: 'DELETE',
        url: SESSIONS,
        headers: { cookie, origin: 'https://malveillant.example' },
      });
      expectDetail(forged, 403, sessionTexts.csrfRefused);
    });

    it('stops working once its session is ended elsewhere', async () => {
      const user = await createVerifiedUser(t);
      const login = await call(t, 'POST', '/api/v1/auth/login', {
        body: { email: user.email, mot_de_passe: user.password },
      });
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      const id = sessionIdOf(login.json().access_token);
      await call(t, 'DELETE', `${SESSIONS}/${id}`, { token: user.token });
      const res = await withCookie(cookie, { [csrfHeader.name]: csrfHeader.value });
      expectDetail(res, 401, serverDetails.sessionInvalid);
    });
  });
});
