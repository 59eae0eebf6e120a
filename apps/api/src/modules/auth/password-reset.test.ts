import { auth } from '@nuage/shared/limits';
import { serverDetails, validation } from '@nuage/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail, expectFieldError } from '../../../test/helpers/assertions';
import {
  ageRateLimitEvents,
  ageResetLinks,
  DAY,
  MINUTE,
  userRow,
} from '../../../test/helpers/clock';
import {
  call,
  createVerifiedUser,
  loginAs,
  uniqueEmail,
  uniqueIp,
  type TestUser,
} from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { passwordResetTokens } from '../../db/schema/users';
import { MAIL_FAILED_DETAIL } from './mail-delivery';

const REQUEST = '/api/v1/auth/request-password-reset';
const RESET = '/api/v1/auth/reset-password';
const NEW_PASSWORD = 'Nouveau-Mdp-2024';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const request = (email: unknown, ip = uniqueIp()) =>
    call(t, 'POST', REQUEST, { body: { email }, ip });
  const reset = (body: Record<string, unknown>) =>
    call(t, 'POST', RESET, {
      body: { nouveau_mot_de_passe: NEW_PASSWORD, ...body },
      ip: uniqueIp(),
    });
  /** Requests a link for `user` and reads it from the mail, as the user would. */
  const mailedLink = async (user: TestUser) => {
    const res = await request(user.email);
    expect(res.statusCode).toBe(200);
    const link = t.mailer.linkFor(user.email);
    return { token: link.searchParams.get('token')!, email: link.searchParams.get('email')!, link };
  };

  describe('POST /auth/request-password-reset', () => {
    it.each([
      ['missing', undefined, validation.emailRequired],
      ['empty', '', validation.emailRequired],
      ['invalid', 'awa@@exemple.sn', validation.emailInvalid],
    ])('email %s → 422', async (_name, email, msg) => {
      expectFieldError(await request(email), ['body', 'email'], msg);
    });

    it('mails a French link PUBLIC_URL/reset-password?token=…&email=…', async () => {
      const user = await createVerifiedUser(t, { prenom: 'Fatou' });
      const res = await request(user.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: serverDetails.resetRequested });

      const mail = t.mailer.lastTo(user.email)!;
      expect(mail.subject).toContain('Réinitialisation de votre mot de passe');
      expect(mail.text).toContain('Bonjour Fatou,');
      expect(mail.text).toContain('valable 60 minutes');
      const link = t.mailer.linkFor(user.email);
      expect(`${link.origin}${link.pathname}`).toBe('http://plateforme.test/reset-password');
      expect([...link.searchParams.keys()].sort()).toEqual(['email', 'token']);
      expect(link.searchParams.get('email')).toBe(user.email);
      expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(32);
      expect(mail.html).toContain('lang="fr"');
      expect(mail.html).toContain(link.searchParams.get('token'));
    });

    it('stores the link hashed, valid for 60 minutes', async () => {
      const user = await createVerifiedUser(t);
      const before = Date.now();
      const { token } = await mailedLink(user);
      const rows = await t.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).not.toContain(token);
      expect(JSON.stringify(rows)).not.toContain(token);
      const ttl = rows[0]!.expiresAt.getTime() - before;
      expect(ttl).toBeGreaterThan(60 * MINUTE - 5_000);
      expect(ttl).toBeLessThanOrEqual(60 * MINUTE + 5_000);
    });

    it('mails a different random link each time', async () => {
      const user = await createVerifiedUser(t);
      const first = await mailedLink(user);
      await ageRateLimitEvents(t, 5 * MINUTE + 1000);
      const second = await mailedLink(user);
      expect(second.token).not.toBe(first.token);
    });

    it('answers an unknown e-mail exactly like a known one, and mails nothing', async () => {
      const user = await createVerifiedUser(t);
      const mailsBefore = t.mailer.sent.length;
      const unknown = await request(uniqueEmail('inconnu'));
      const known = await request(user.email);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      expect(t.mailer.sent).toHaveLength(mailsBefore + 1);
      expect(t.mailer.sent.at(-1)!.to).toBe(user.email);
    });

    describe('limits: 3 per 24 hours, 5 minutes apart', () => {
      it.each([
        ['an existing account', true],
        ['an unknown e-mail', false],
      ])('are enforced the same for %s', async (_name, exists) => {
        const email = exists ? (await createVerifiedUser(t)).email : uniqueEmail('absent');

        expect((await request(email)).statusCode).toBe(200);
        const tooSoon = await request(email);
        expectDetail(tooSoon, 429, serverDetails.resetTooSoon);
        const wait = Number(tooSoon.headers['retry-after']);
        expect(wait).toBeGreaterThan(4 * 60);
        expect(wait).toBeLessThanOrEqual(5 * 60);

        await ageRateLimitEvents(t, 5 * MINUTE + 1000);
        expect((await request(email)).statusCode).toBe(200);
        await ageRateLimitEvents(t, 5 * MINUTE + 1000);
        expect((await request(email)).statusCode).toBe(200);

        // Three in the last 24 hours, the newest 5 minutes ago: the fourth is refused.
        await ageRateLimitEvents(t, 5 * MINUTE + 1000);
        const fourth = await request(email);
        expectDetail(fourth, 429, serverDetails.resetTooMany);
        expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(23 * 3600);

        await ageRateLimitEvents(t, DAY);
        expect((await request(email)).statusCode).toBe(200);
      });

      it('do not leak between e-mails', async () => {
        const a = await createVerifiedUser(t);
        const b = await createVerifiedUser(t);
        expect((await request(a.email)).statusCode).toBe(200);
        expect((await request(b.email)).statusCode).toBe(200);
      });

      it('hold under simultaneous requests: exactly one gets through', async () => {
        const user = await createVerifiedUser(t);
        const mailsBefore = t.mailer.sent.length;
        const results = await Promise.all(Array.from({ length: 5 }, () => request(user.email)));
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
        expect(t.mailer.sent).toHaveLength(mailsBefore + 1);
      });
    });

    it('answers a French 503 when the mail fails, without spending an attempt', async () => {
      const user = await createVerifiedUser(t);
      t.mailer.failNext = 1;
      expectDetail(await request(user.email), 503, MAIL_FAILED_DETAIL);
      // Not "5 minutes apart": the failed request did not count.
      const { token, email } = await mailedLink(user);
      expect((await reset({ email, token })).statusCode).toBe(200);
      // The failed attempt left no usable link behind.
      const live = await t.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, user.id));
      expect(live.filter((row) => row.usedAt === null)).toHaveLength(0);
    });

    it('keeps the previous link working when the new mail fails', async () => {
      const user = await createVerifiedUser(t);
      const first = await mailedLink(user);
      await ageRateLimitEvents(t, 5 * MINUTE + 1000);
      t.mailer.failNext = 1;
      expectDetail(await request(user.email), 503, MAIL_FAILED_DETAIL);
      expect((await reset({ email: first.email, token: first.token })).statusCode).toBe(200);
    });
  });

  describe('POST /auth/reset-password', () => {
    describe('validation (SPEC §5 Reset password)', () => {
      it.each([
        ['missing', undefined, validation.passwordRequired],
        ['empty', '', validation.passwordRequired],
        ['of 7 characters', 'Abcde12', validation.passwordMin8],
        ['without uppercase', 'abcdefg1', validation.passwordComplexity],
        ['without lowercase', 'ABCDEFG1', validation.passwordComplexity],
        ['without digit', 'Abcdefgh', validation.passwordComplexity],
      ])('new password %s → 422 "%s"', async (_name, password, msg) => {
        const res = await reset({
          email: 'awa@exemple.sn',
          token: 'x'.repeat(43),
          nouveau_mot_de_passe: password,
        });
        expectFieldError(res, ['body', 'nouveau_mot_de_passe'], msg);
      });

      it.each([
        ['token missing', { email: 'awa@exemple.sn' }, ['body', 'token'], validation.tokenRequired],
        [
          'token empty',
          { email: 'awa@exemple.sn', token: '' },
          ['body', 'token'],
          validation.tokenRequired,
        ],
        ['email missing', { token: 'x'.repeat(43) }, ['body', 'email'], validation.emailRequired],
        [
          'email invalid',
          { token: 'x'.repeat(43), email: 'awa' },
          ['body', 'email'],
          validation.emailInvalid,
        ],
      ])('%s → 422', async (_name, body, loc, msg) => {
        expectFieldError(await reset(body), loc, msg);
      });

      it('does not spend the link when the new password is refused', async () => {
        const user = await createVerifiedUser(t);
        const { token, email } = await mailedLink(user);
        expect((await reset({ email, token, nouveau_mot_de_passe: 'faible' })).statusCode).toBe(
          422,
        );
        expect((await reset({ email, token })).statusCode).toBe(200);
      });
    });

    it('sets the new password (argon2id) and ends every earlier session', async () => {
      const user = await createVerifiedUser(t, { password: 'ancien-mdp' });
      const otherSession = await loginAs(t, user.email, 'ancien-mdp', { ip: uniqueIp() });
      const { token, email } = await mailedLink(user);

      const res = await reset({ email, token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: serverDetails.resetDone });

      for (const old of [user.token, otherSession]) {
        expectDetail(
          await call(t, 'GET', '/api/v1/users/me', { token: old }),
          401,
          serverDetails.sessionInvalid,
        );
      }
      expectDetail(
        await call(t, 'POST', '/api/v1/auth/login', {
          body: { email: user.email, mot_de_passe: 'ancien-mdp' },
          ip: uniqueIp(),
        }),
        401,
        serverDetails.invalidCredentials,
      );
      const fresh = await loginAs(t, user.email, NEW_PASSWORD, { ip: uniqueIp() });
      expect((await call(t, 'GET', '/api/v1/users/me', { token: fresh })).statusCode).toBe(200);

      const row = (await userRow(t, user.email))!;
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row.passwordHash).not.toContain(NEW_PASSWORD);
    });

    it('is single use', async () => {
      const user = await createVerifiedUser(t);
      const { token, email } = await mailedLink(user);
      expect((await reset({ email, token })).statusCode).toBe(200);
      expectDetail(
        await reset({ email, token, nouveau_mot_de_passe: 'Encore-Autre-9' }),
        400,
        serverDetails.resetInvalid,
      );
      await expect(loginAs(t, user.email, NEW_PASSWORD, { ip: uniqueIp() })).resolves.toBeTruthy();
    });

    it('lets exactly one of two simultaneous submissions succeed', async () => {
      const user = await createVerifiedUser(t);
      const { token, email } = await mailedLink(user);
      const [a, b] = await Promise.all([
        reset({ email, token, nouveau_mot_de_passe: 'Premier-Mdp-1' }),
        reset({ email, token, nouveau_mot_de_passe: 'Second-Mdp-2' }),
      ]);
      expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 400]);
      const winner = a!.statusCode === 200 ? 'Premier-Mdp-1' : 'Second-Mdp-2';
      await expect(loginAs(t, user.email, winner, { ip: uniqueIp() })).resolves.toBeTruthy();
    });

    it('accepts the link up to 60 minutes', async () => {
      const user = await createVerifiedUser(t);
      const { token, email } = await mailedLink(user);
      await ageResetLinks(t, user.id, 59 * MINUTE);
      expect((await reset({ email, token })).statusCode).toBe(200);
    });

    it('refuses the link after 60 minutes', async () => {
      const user = await createVerifiedUser(t);
      const { token, email } = await mailedLink(user);
      await ageResetLinks(t, user.id, 60 * MINUTE + 1000);
      expectDetail(await reset({ email, token }), 400, serverDetails.resetInvalid);
      await expect(loginAs(t, user.email, user.password, { ip: uniqueIp() })).resolves.toBeTruthy();
    });

    it('refuses a link used with another account’s e-mail', async () => {
      const owner = await createVerifiedUser(t);
      const other = await createVerifiedUser(t);
      const { token } = await mailedLink(owner);
      expectDetail(await reset({ email: other.email, token }), 400, serverDetails.resetInvalid);
      expectDetail(
        await reset({ email: uniqueEmail('inconnu'), token }),
        400,
        serverDetails.resetInvalid,
      );
      // The rightful owner can still use it.
      expect((await reset({ email: owner.email, token })).statusCode).toBe(200);
    });

    it('refuses a made-up token', async () => {
      const user = await createVerifiedUser(t);
      expectDetail(
        await reset({ email: user.email, token: 'x'.repeat(43) }),
        400,
        serverDetails.resetInvalid,
      );
    });

    it('accepts the e-mail of the link in another case', async () => {
      const user = await createVerifiedUser(t);
      const { token } = await mailedLink(user);
      expect((await reset({ email: user.email.toUpperCase(), token })).statusCode).toBe(200);
    });

    it('replaces an earlier link: only the newest works', async () => {
      const user = await createVerifiedUser(t);
      const first = await mailedLink(user);
      await ageRateLimitEvents(t, 5 * MINUTE + 1000);
      const second = await mailedLink(user);
      expectDetail(
        await reset({ email: first.email, token: first.token }),
        400,
        serverDetails.resetInvalid,
      );
      expect((await reset({ email: second.email, token: second.token })).statusCode).toBe(200);
    });

    it('forgives the failures that made logins need a mailed code: the new password works at once', async () => {
      const user = await createVerifiedUser(t);
      for (let i = 0; i < auth.loginFailuresBeforeMailedCode; i++) {
        await call(t, 'POST', '/api/v1/auth/login', {
          body: { email: user.email, mot_de_passe: 'faux-mdp' },
          ip: uniqueIp(),
        });
      }
      const { token, email } = await mailedLink(user);
      expect((await reset({ email, token })).statusCode).toBe(200);
      await expect(loginAs(t, user.email, NEW_PASSWORD, { ip: uniqueIp() })).resolves.toBeTruthy();
    });
  });
});
