import { auth } from '@nuage/shared/limits';
import { loginStepTexts, sessionTexts, twoFactorTexts } from '@nuage/shared/security-messages';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail } from '../../../test/helpers/assertions';
import { call, createVerifiedUser, uniqueIp, type TestUser } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { recoveryCodes } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';

const API = '/api/v1';

/** What the authenticator app on the phone computes. */
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

describe('two-factor authentication (TOTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Enrols `user` as the profile screen does; answers the secret and the recovery codes. */
  async function enrol(user: TestUser) {
    const setup = await call(t, 'POST', `${API}/users/me/2fa/setup`, { token: user.token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = setup.json<Record<string, string>>();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/NuageDeploy:.+secret=/);
    expect(qr_svg).toMatch(/^<svg/);
    const enable = await call(t, 'POST', `${API}/users/me/2fa/enable`, {
      token: user.token,
      body: { code: codeAt(secret!) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const codes = enable.json<{ codes_de_secours: string[] }>().codes_de_secours;
    return { secret: secret!, codes };
  }

  const loginStep = async (user: TestUser) => {
    const res = await call(t, 'POST', `${API}/auth/login`, {
      body: { email: user.email, mot_de_passe: user.password },
      ip: uniqueIp(),
    });
    expect(res.statusCode).toBe(202);
    return res.json<{ second_factor: string; challenge_token: string }>();
  };
  const verify = (challenge_token: string, code: string) =>
    call(t, 'POST', `${API}/auth/login/verify`, { body: { challenge_token, code } });

  it('enrols with a QR code, then every login asks for the code: the password alone opens nothing', async () => {
    const user = await createVerifiedUser(t);
    const { secret, codes } = await enrol(user);
    expect(codes).toHaveLength(auth.recoveryCodeCount);
    expect(new Set(codes).size).toBe(codes.length);
    // Stored sealed and hashed, never in clear.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpSecret).not.toContain(secret);
    const stored = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash).join()).not.toContain(codes[0]!.replace('-', ''));

    const step = await loginStep(user);
    expect(step.second_factor).toBe('totp');
    expect('access_token' in step).toBe(false);
    expectDetail(await verify(step.challenge_token, '000000'), 400, loginStepTexts.codeInvalid);
    const ok = await verify(step.challenge_token, codeAt(secret, 1));
    expect(ok.statusCode).toBe(200);
    const me = await call(t, 'GET', `${API}/users/me`, { token: ok.json().access_token });
    expect(me.json()).toMatchObject({ double_authentification: true });
  });

  it('refuses a code already used (replay), even on a new login', async () => {
    const user = await createVerifiedUser(t);
    const { secret } = await enrol(user);
    const code = codeAt(secret, 1);
    expect((await verify((await loginStep(user)).challenge_token, code)).statusCode).toBe(200);
    expectDetail(
      await verify((await loginStep(user)).challenge_token, code),
      400,
      loginStepTexts.codeInvalid,
    );
  });

  it('a recovery code works once, in place of the TOTP', async () => {
    const user = await createVerifiedUser(t);
    const { codes } = await enrol(user);
    const first = await verify((await loginStep(user)).challenge_token, codes[0]!.toUpperCase());
    expect(first.statusCode).toBe(200);
    expectDetail(
      await verify((await loginStep(user)).challenge_token, codes[0]!),
      400,
      loginStepTexts.codeInvalid,
    );
    const status = await call(t, 'GET', `${API}/users/me/2fa`, { token: user.token });
    expect(status.json()).toMatchObject({
      active: true,
      codes_de_secours_restants: auth.recoveryCodeCount - 1,
    });
  });

  it('stops guessing: ten wrong codes across login steps make the account wait', async () => {
    const user = await createVerifiedUser(t);
    const { secret } = await enrol(user);
    let tries = 0;
    while (tries < auth.secondFactorMaxFailures) {
      const { challenge_token } = await loginStep(user);
      for (let i = 0; i < 5 && tries < auth.secondFactorMaxFailures; i++, tries++)
        expect((await verify(challenge_token, String(100000 + tries))).statusCode).toBe(400);
    }
    const blocked = await verify((await loginStep(user)).challenge_token, codeAt(secret, 1));
    expectDetail(blocked, 429, loginStepTexts.tooManyCodes);
  });

  it('disabling needs the password and a current code', async () => {
    const user = await createVerifiedUser(t);
    const { secret } = await enrol(user);
    const disable = (body: object) =>
      call(t, 'POST', `${API}/users/me/2fa/disable`, { token: user.token, body });
    expectDetail(
      await disable({ mot_de_passe: 'pas-le-bon', code: codeAt(secret) }),
      400,
      twoFactorTexts.wrongPassword,
    );
    expectDetail(
      await disable({ mot_de_passe: user.password, code: '000000' }),
      400,
      loginStepTexts.codeInvalid,
    );
    expect(
      (await disable({ mot_de_passe: user.password, code: codeAt(secret, 1) })).json(),
    ).toEqual({ message: twoFactorTexts.disabled });
    const plain = await call(t, 'POST', `${API}/auth/login`, {
      body: { email: user.email, mot_de_passe: user.password },
      ip: uniqueIp(),
    });
    expect(plain.statusCode).toBe(200);
  });

  it('enabling needs a code from the enrolled secret; setup again is refused once enabled', async () => {
    const user = await createVerifiedUser(t);
    const res = await call(t, 'POST', `${API}/users/me/2fa/enable`, {
      token: user.token,
      body: { code: '123456' },
    });
    expectDetail(res, 400, twoFactorTexts.noPendingSetup);
    await enrol(user);
    expectDetail(
      await call(t, 'POST', `${API}/users/me/2fa/setup`, { token: user.token }),
      409,
      twoFactorTexts.alreadyEnabled,
    );
  });

  it('is out of reach of a personal API token', async () => {
    const user = await createVerifiedUser(t);
    const created = await call(t, 'POST', `${API}/users/me/tokens`, {
      token: user.token,
      body: { nom: 'CI', portee: 'complet', expire_dans_jours: 30 },
    });
    const apiToken = created.json<{ token: string }>().token;
    expectDetail(
      await call(t, 'POST', `${API}/users/me/2fa/setup`, { token: apiToken }),
      403,
      sessionTexts.sessionRequired,
    );
  });
});
