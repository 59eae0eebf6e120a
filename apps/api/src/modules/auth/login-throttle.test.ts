import { auth } from '@nuage/shared/limits';
import { loginStepTexts } from '@nuage/shared/security-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail } from '../../../test/helpers/assertions';
import { ageRateLimitEvents, MINUTE } from '../../../test/helpers/clock';
import {
  call,
  createVerifiedUser,
  loginAs,
  uniqueEmail,
  uniqueIp,
} from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { LOGIN_FAILURE_BY_PAIR } from './login-throttle';

const LOGIN = '/api/v1/auth/login';
const VERIFY = '/api/v1/auth/login/verify';

/**
 * The probe's finding: 5 wrong logins for an e-mail, from any address, gave the owner 429 for
 * 900 s, renewable forever. These tests are the attack, then what the owner can still do.
 */
describe('login throttling cannot lock the owner out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip: string) =>
    call(t, 'POST', LOGIN, { body: { email, mot_de_passe: password }, ip });

  it('backs off one (account, address) pair: 1 minute after 5 failures, then doubling', async () => {
    const victim = await createVerifiedUser(t);
    const attacker = uniqueIp();
    for (let i = 0; i < auth.loginFreeFailuresPerPair; i++)
      expect((await login(victim.email, `essai-${i}`, attacker)).statusCode).toBe(401);
    const first = await login(victim.email, 'essai-x', attacker);
    expectDetail(first, 429, loginStepTexts.pairThrottled);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(60);

    // A minute later one more try is allowed; after it fails, the wait doubles.
    await ageRateLimitEvents(t, MINUTE + 1000, LOGIN_FAILURE_BY_PAIR);
    expect((await login(victim.email, 'essai-y', attacker)).statusCode).toBe(401);
    const second = await login(victim.email, 'essai-z', attacker);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(110);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(120);

    // The owner, from their own address, is not affected.
    expect((await login(victim.email, victim.password, uniqueIp())).statusCode).toBe(200);
  });

  it('counts simultaneous guesses from one address: never more than 5 are checked', async () => {
    const victim = await createVerifiedUser(t);
    const ip = uniqueIp();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(victim.email, `devinette-${i}`, ip)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(auth.loginFreeFailuresPerPair);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - auth.loginFreeFailuresPerPair);
  });

  it('after failures from many addresses, a right password needs the code mailed to the owner, who is alerted', async () => {
    const victim = await createVerifiedUser(t, { prenom: 'Awa' });
    // 10 wrong passwords from 10 addresses: no address is throttled, the account is targeted.
    for (let i = 0; i < auth.loginFailuresBeforeMailedCode; i++)
      expect((await login(victim.email, `faux-${i}`, uniqueIp())).statusCode).toBe(401);
    const alert = t.mailer.lastTo(victim.email)!;
    expect(alert.subject).toMatch(/Tentatives de connexion/);
    expect(alert.text).toContain(`${auth.loginFailuresBeforeMailedCode} tentatives`);

    // The owner, from a new address, with the right password: one more step, never a 429.
    const owner = await login(victim.email, victim.password, uniqueIp());
    expect(owner.statusCode).toBe(202);
    const step = owner.json<{ second_factor: string; challenge_token: string; message: string }>();
    expect(step).toMatchObject({
      second_factor: 'email_code',
      message: loginStepTexts.emailCodeRequired,
    });
    expect('access_token' in step).toBe(false);
    const code = t.mailer.codeFor(victim.email);
    const done = await call(t, 'POST', VERIFY, {
      body: { challenge_token: step.challenge_token, code },
    });
    expect(done.statusCode).toBe(200);
    const me = await call(t, 'GET', '/api/v1/users/me', { token: done.json().access_token });
    expect(me.json()).toMatchObject({ email: victim.email });
    // The failures are forgiven once the mailbox is proved: the next login is direct.
    expect((await login(victim.email, victim.password, uniqueIp())).statusCode).toBe(200);
  });

  it('an attacker who guessed the password still cannot get in without the mailbox', async () => {
    const victim = await createVerifiedUser(t);
    for (let i = 0; i < auth.loginFailuresBeforeMailedCode; i++)
      await login(victim.email, `faux-${i}`, uniqueIp());
    const attacker = uniqueIp();
    const guessed = await login(victim.email, victim.password, attacker);
    expect(guessed.statusCode).toBe(202);
    const { challenge_token } = guessed.json<{ challenge_token: string }>();
    const codes = Array.from({ length: auth.loginChallengeMaxTries + 2 }, (_, i) =>
      String(100000 + i),
    );
    const answers = [];
    for (const code of codes)
      answers.push((await call(t, 'POST', VERIFY, { body: { challenge_token, code } })).json());
    expect(answers.slice(0, auth.loginChallengeMaxTries)).toEqual(
      Array(auth.loginChallengeMaxTries).fill({ detail: loginStepTexts.codeInvalid }),
    );
    expect(answers.at(-1)).toEqual({ detail: loginStepTexts.challengeInvalid });
    // Even the right code is refused on a spent step.
    const right = t.mailer.codeFor(victim.email);
    expectDetail(
      await call(t, 'POST', VERIFY, { body: { challenge_token, code: right } }),
      400,
      loginStepTexts.challengeInvalid,
    );
  });

  it('a made-up step token is refused like an expired one', async () => {
    const res = await call(t, 'POST', VERIFY, {
      body: { challenge_token: 'x'.repeat(43), code: '123456' },
    });
    expectDetail(res, 400, loginStepTexts.challengeInvalid);
  });

  it('answers unknown e-mails exactly like known ones, throttle included', async () => {
    const known = await createVerifiedUser(t);
    const seen = async (email: string) => {
      const ip = uniqueIp();
      const out = [];
      for (let i = 0; i < auth.loginFreeFailuresPerPair + 1; i++) {
        const res = await login(email, 'faux-mdp', ip);
        out.push([res.statusCode, res.json<{ detail: string }>().detail]);
      }
      return out;
    };
    expect(await seen(uniqueEmail('fantome'))).toEqual(await seen(known.email));
    expect((await seen(uniqueEmail('fantome'))).at(-1)).toEqual([
      429,
      loginStepTexts.pairThrottled,
    ]);
  });

  it('the owner behind the attacker’s address gets in once the short backoff has passed', async () => {
    const victim = await createVerifiedUser(t);
    const shared = uniqueIp();
    for (let i = 0; i < auth.loginFreeFailuresPerPair; i++)
      await login(victim.email, 'x-faux', shared);
    // The owner behind the same NAT waits out the short backoff, then logs in normally.
    await ageRateLimitEvents(t, MINUTE + 1000, LOGIN_FAILURE_BY_PAIR);
    await expect(loginAs(t, victim.email, victim.password, { ip: shared })).resolves.toMatch(/\./);
  });
});
