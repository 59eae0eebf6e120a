import { auth } from '@nuage/shared/limits';
import { serverDetails, validation } from '@nuage/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail, expectFieldError } from '../../../test/helpers/assertions';
import { ageRateLimitEvents, MINUTE } from '../../../test/helpers/clock';
import {
  call,
  createVerifiedUser,
  registerUser,
  uniqueEmail,
  uniqueIp,
  type TestUser,
} from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { claimsOf, nowSeconds } from '../../../test/helpers/tokens';
import { LOGIN_FAILURE_BY_ADDRESS } from './login-throttle';

const URL = '/api/v1/auth/login';
const WINDOW = auth.loginFailureWindowMinutes * MINUTE;

describe('POST /auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: unknown, motDePasse: unknown, ip = uniqueIp()) =>
    call(t, 'POST', URL, { body: { email, mot_de_passe: motDePasse }, ip });

  describe('validation (SPEC §5 Login)', () => {
    it.each([
      ['email missing', undefined, 'secret1', ['body', 'email'], validation.emailRequired],
      ['email empty', '', 'secret1', ['body', 'email'], validation.emailRequired],
      ['email invalid', 'awa@exemple', 'secret1', ['body', 'email'], validation.emailInvalid],
      [
        'password missing',
        'awa@exemple.sn',
        undefined,
        ['body', 'mot_de_passe'],
        validation.passwordRequired,
      ],
      [
        'password empty',
        'awa@exemple.sn',
        '',
        ['body', 'mot_de_passe'],
        validation.passwordRequired,
      ],
      [
        'password of 5',
        'awa@exemple.sn',
        '12345',
        ['body', 'mot_de_passe'],
        validation.passwordMin6,
      ],
    ])('%s → 422 with the French message', async (_name, email, password, loc, msg) => {
      expectFieldError(await login(email, password), loc, msg);
    });
  });

  describe('success', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createVerifiedUser(t, { password: 'bon-mot-de-passe' });
    });

    it('answers a bearer access token that opens /users/me', async () => {
      const res = await login(user.email, 'bon-mot-de-passe');
      expect(res.statusCode).toBe(200);
      const body = res.json<{ access_token: string; token_type: string }>();
      expect(body.token_type).toBe('bearer');
      const me = await call(t, 'GET', '/api/v1/users/me', { token: body.access_token });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: user.email });
    });

    it('issues a token bound to a new session, ending at the latest 30 days after login', async () => {
      const res = await login(user.email, 'bon-mot-de-passe');
      const claims = claimsOf(res.json<{ access_token: string }>().access_token);
      expect(claims.sub).toBe(user.id);
      expect(typeof claims.sid).toBe('string');
      expect(claims.exp! - claims.iat!).toBe(auth.sessionMaxDays * 24 * 3600);
      expect(Math.abs(claims.iat! - nowSeconds())).toBeLessThanOrEqual(5);
    });

    it('sets the session as an HttpOnly, SameSite=Strict cookie', async () => {
      const res = await login(user.email, 'bon-mot-de-passe');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^nuage_session=[\w.-]+;/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain('Path=/');
    });

    it('accepts the e-mail in any case', async () => {
      expect((await login(user.email.toUpperCase(), 'bon-mot-de-passe')).statusCode).toBe(200);
    });
  });

  describe('refusals', () => {
    it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
      const user = await createVerifiedUser(t);
      const wrong = await login(user.email, 'pas-le-bon');
      const unknown = await login(uniqueEmail('inconnu'), 'pas-le-bon');
      expectDetail(wrong, 401, serverDetails.invalidCredentials);
      expectDetail(unknown, 401, serverDetails.invalidCredentials);
    });

    it('tells an unverified account with the right password to verify it (403)', async () => {
      const user = await registerUser(t);
      expectDetail(await login(user.email, user.password), 403, serverDetails.accountNotVerified);
    });

    it('answers an unverified account with a wrong password like any wrong password', async () => {
      const user = await registerUser(t);
      expectDetail(await login(user.email, 'pas-le-bon'), 401, serverDetails.invalidCredentials);
    });
  });

  describe('failure limit per address', () => {
    it(`blocks an address after ${auth.loginMaxFailuresPerAddress} failures, for every account, and only that address`, async () => {
      const ip = uniqueIp();
      const perEmail = auth.loginFreeFailuresPerPair - 1;
      let failures = 0;
      while (failures < auth.loginMaxFailuresPerAddress) {
        const email = uniqueEmail('balayage');
        for (let i = 0; i < perEmail && failures < auth.loginMaxFailuresPerAddress; i++) {
          expect((await login(email, 'faux-mdp', ip)).statusCode).toBe(401);
          failures++;
        }
      }
      const victim = await createVerifiedUser(t);
      const blocked = await login(victim.email, victim.password, ip);
      expectDetail(blocked, 429, serverDetails.tooManyLoginAttempts);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

      // A forged X-Forwarded-For does not make it another address (no trusted proxy here).
      const spoofed = await t.app.inject({
        method: 'POST',
        url: URL,
        payload: { email: victim.email, mot_de_passe: victim.password },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': uniqueIp() },
      });
      expectDetail(spoofed, 429, serverDetails.tooManyLoginAttempts);

      // Another address is not affected.
      expect((await login(victim.email, victim.password, uniqueIp())).statusCode).toBe(200);

      await ageRateLimitEvents(t, WINDOW + 1000, LOGIN_FAILURE_BY_ADDRESS);
      expect((await login(victim.email, victim.password, ip)).statusCode).toBe(200);
    });
  });
});
