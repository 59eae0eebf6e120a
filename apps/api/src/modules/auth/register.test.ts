import { createHash, createHmac } from 'node:crypto';
import { serverDetails, validation } from '@nuage/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail, expectFieldError } from '../../../test/helpers/assertions';
import { ageRateLimitEvents, MINUTE, userRow } from '../../../test/helpers/clock';
import {
  call,
  createVerifiedUser,
  loginAs,
  uniqueEmail,
  uniqueIp,
} from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { verificationCodes } from '../../db/schema/users';
import { MAIL_FAILED_DETAIL } from './mail-delivery';

const URL = '/api/v1/auth/register';

describe('POST /auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    nom: 'Diop',
    prenom: 'Awa',
    email: uniqueEmail('inscription'),
    mot_de_passe: 'secret-initial',
    ...over,
  });
  const register = (payload: unknown, ip = uniqueIp()) =>
    call(t, 'POST', URL, { body: payload, ip });

  describe('validation (SPEC §5 Registration)', () => {
    it.each([
      ['nom missing', { nom: undefined }, ['body', 'nom'], validation.nomRequired],
      ['nom blank', { nom: '   ' }, ['body', 'nom'], validation.nomRequired],
      ['prenom missing', { prenom: undefined }, ['body', 'prenom'], validation.prenomRequired],
      ['prenom empty', { prenom: '' }, ['body', 'prenom'], validation.prenomRequired],
      ['email missing', { email: undefined }, ['body', 'email'], validation.emailRequired],
      ['email empty', { email: '' }, ['body', 'email'], validation.emailRequired],
      ['email without @', { email: 'awa.exemple.sn' }, ['body', 'email'], validation.emailInvalid],
      ['email without tld', { email: 'awa@exemple' }, ['body', 'email'], validation.emailInvalid],
      [
        'email with space',
        { email: 'a wa@exemple.sn' },
        ['body', 'email'],
        validation.emailInvalid,
      ],
      [
        'password missing',
        { mot_de_passe: undefined },
        ['body', 'mot_de_passe'],
        validation.passwordRequired,
      ],
      [
        'password empty',
        { mot_de_passe: '' },
        ['body', 'mot_de_passe'],
        validation.passwordRequired,
      ],
      [
        'password of 5',
        { mot_de_passe: '12345' },
        ['body', 'mot_de_passe'],
        validation.passwordMin6,
      ],
    ])('%s → 422 with the French message', async (_name, over, loc, msg) => {
      const mailsBefore = t.mailer.sent.length;
      const res = await register(body(over));
      expectFieldError(res, loc, msg);
      expect(t.mailer.sent).toHaveLength(mailsBefore);
    });

    it('lists every invalid field at once', async () => {
      const res = await register({});
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: expect.arrayContaining([
          expect.objectContaining({ loc: ['body', 'nom'], msg: validation.nomRequired }),
          expect.objectContaining({ loc: ['body', 'prenom'], msg: validation.prenomRequired }),
          expect.objectContaining({ loc: ['body', 'email'], msg: validation.emailRequired }),
          expect.objectContaining({
            loc: ['body', 'mot_de_passe'],
            msg: validation.passwordRequired,
          }),
        ]),
      });
    });

    it('accepts a password of exactly 6 characters', async () => {
      const res = await register(body({ mot_de_passe: '123456' }));
      expect(res.statusCode).toBe(201);
    });
  });

  describe('success', () => {
    it('creates an unverified account and mails a French code (text and HTML)', async () => {
      const email = uniqueEmail('awa');
      const res = await register(body({ email, prenom: 'Awa' }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: serverDetails.registered });

      const row = await userRow(t, email);
      expect(row).toMatchObject({ email, nom: 'Diop', prenom: 'Awa', verifiedAt: null });

      const mail = t.mailer.lastTo(email)!;
      const code = t.mailer.codeFor(email);
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.subject).toContain('code de vérification');
      expect(mail.text).toContain('Bonjour Awa,');
      expect(mail.text).toContain('valable 15 minutes');
      expect(mail.html).toContain('lang="fr"');
      expect(mail.html).toContain(code);
    });

    it('stores the password as an argon2id hash, never in clear', async () => {
      const email = uniqueEmail();
      await register(body({ email, mot_de_passe: 'Mon-Secret-42' }));
      const row = (await userRow(t, email))!;
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
      expect(row.passwordHash).not.toContain('Mon-Secret-42');
    });

    it('stores the code hashed, valid for 15 minutes', async () => {
      const email = uniqueEmail();
      const before = Date.now();
      await register(body({ email }));
      const row = (await userRow(t, email))!;
      const [stored] = await t.database.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.userId, row.id));
      const code = t.mailer.codeFor(email);
      expect(stored!.codeHash).not.toContain(code);
      // The probe found unsalted SHA-256 (a million guesses to reverse any stolen row): it is a
      // keyed HMAC, useless without the server's key.
      expect(stored!.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));
      expect(stored!.codeHash).toBe(
        createHmac('sha256', t.secrets.hashKey).update(code).digest('hex'),
      );
      expect(stored!.failedAttempts).toBe(0);
      const ttl = stored!.expiresAt.getTime() - before;
      expect(ttl).toBeGreaterThan(15 * MINUTE - 5_000);
      expect(ttl).toBeLessThanOrEqual(15 * MINUTE + 5_000);
    });

    it('mails a fresh random code to each account', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const email = uniqueEmail();
        await register(body({ email }));
        codes.add(t.mailer.codeFor(email));
      }
      expect(codes.size).toBeGreaterThan(1);
    });

    it('stores the e-mail lower-cased and trimmed', async () => {
      const local = uniqueEmail('Majuscules').split('@')[0]!;
      const res = await register(body({ email: `  ${local.toUpperCase()}@Exemple.SN ` }));
      expect(res.statusCode).toBe(201);
      const row = await userRow(t, `${local}@exemple.sn`);
      expect(row?.email).toBe(`${local.toLowerCase()}@exemple.sn`);
    });

    it('refuses login until the account is verified, with a French detail saying so', async () => {
      const email = uniqueEmail();
      await register(body({ email, mot_de_passe: 'secret-initial' }));
      const res = await call(t, 'POST', '/api/v1/auth/login', {
        body: { email, mot_de_passe: 'secret-initial' },
        ip: uniqueIp(),
      });
      expectDetail(res, 403, serverDetails.accountNotVerified);
      expect(res.json<{ detail: string }>().detail).toMatch(/vérifié/);
    });
  });

  describe('e-mail uniqueness', () => {
    it('keeps an e-mail taken by a verified account, whatever its case, answering as usual', async () => {
      const owner = await createVerifiedUser(t);
      await ageRateLimitEvents(t, MINUTE + 1000);
      const res = await register(body({ email: owner.email.toUpperCase() }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: serverDetails.registered });
      // The owner's account is untouched.
      await expect(loginAs(t, owner.email, owner.password, { ip: uniqueIp() })).resolves.toMatch(
        /\./,
      );
    });

    it('replaces a never-verified registration once the resend minute has passed', async () => {
      const email = uniqueEmail();
      await register(body({ email, prenom: 'Premier', mot_de_passe: 'premier-mdp' }));
      const firstCode = t.mailer.codeFor(email);

      const tooSoon = await register(body({ email, prenom: 'Second' }));
      expectDetail(tooSoon, 429, serverDetails.resendTooSoon);
      expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

      await ageRateLimitEvents(t, MINUTE + 1000);
      const again = await register(body({ email, prenom: 'Second', mot_de_passe: 'second-mdp' }));
      expect(again.statusCode).toBe(201);
      const secondCode = t.mailer.codeFor(email);
      expect((await userRow(t, email))?.prenom).toBe('Second');

      if (secondCode !== firstCode) {
        const old = await call(t, 'POST', '/api/v1/auth/verify-account', {
          body: { email, token: firstCode },
          ip: uniqueIp(),
        });
        expectDetail(old, 400, serverDetails.verifyInvalid);
      }
      const ok = await call(t, 'POST', '/api/v1/auth/verify-account', {
        body: { email, token: secondCode },
        ip: uniqueIp(),
      });
      expect(ok.statusCode).toBe(200);
      await expect(loginAs(t, email, 'second-mdp', { ip: uniqueIp() })).resolves.toBeTruthy();
    });
  });

  it('is not held back by a resend asked earlier for the same, still unknown, address', async () => {
    const email = uniqueEmail('devance');
    const resend = await call(t, 'POST', '/api/v1/auth/resend-verification', {
      body: { email },
      ip: uniqueIp(),
    });
    expect(resend.statusCode).toBe(200);
    expect((await register(body({ email }))).statusCode).toBe(201);
    expect(t.mailer.codeFor(email)).toMatch(/^\d{6}$/);
  });

  describe('mail delivery failure', () => {
    it('answers a French 503 and lets the user register again at once', async () => {
      const email = uniqueEmail();
      t.mailer.failNext = 1;
      const failed = await register(body({ email }));
      expectDetail(failed, 503, MAIL_FAILED_DETAIL);
      expect(t.mailer.lastTo(email)).toBeUndefined();

      const retry = await register(body({ email }));
      expect(retry.statusCode).toBe(201);
      const verify = await call(t, 'POST', '/api/v1/auth/verify-account', {
        body: { email, token: t.mailer.codeFor(email) },
        ip: uniqueIp(),
      });
      expect(verify.statusCode).toBe(200);
    });
  });
});
