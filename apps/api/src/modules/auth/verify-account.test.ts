import { serverDetails, validation } from '@nuage/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail, expectFieldError } from '../../../test/helpers/assertions';
import {
  ageRateLimitEvents,
  ageVerificationCode,
  MINUTE,
  userRow,
} from '../../../test/helpers/clock';
import {
  call,
  loginAs,
  registerUser,
  uniqueEmail,
  uniqueIp,
} from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { clientFolders, verificationCodes } from '../../db/schema/users';
import { MAIL_FAILED_DETAIL } from './mail-delivery';

const VERIFY = '/api/v1/auth/verify-account';
const RESEND = '/api/v1/auth/resend-verification';

/** A code that is not `code` (same length, digits only). */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /auth/verify-account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const verify = (email: string, token: unknown) =>
    call(t, 'POST', VERIFY, { body: { email, token }, ip: uniqueIp() });

  describe('validation (SPEC §5 Verification code)', () => {
    it.each([
      ['missing', undefined, validation.codeRequired],
      ['empty', '', validation.codeRequired],
      ['5 digits', '12345', validation.codeSixDigits],
      ['7 digits', '1234567', validation.codeSixDigits],
      ['letters', 'abcdef', validation.codeSixDigits],
      ['digits and a letter', '12345a', validation.codeSixDigits],
    ])('code %s → 422 "%s"', async (_name, token, msg) => {
      expectFieldError(await verify(uniqueEmail(), token), ['body', 'token'], msg);
    });

    it.each([
      ['missing', undefined, validation.emailRequired],
      ['invalid', 'pas-un-email', validation.emailInvalid],
    ])('email %s → 422', async (_name, email, msg) => {
      const res = await call(t, 'POST', VERIFY, { body: { email, token: '123456' } });
      expectFieldError(res, ['body', 'email'], msg);
    });
  });

  it('verifies with the mailed code, creates the client folder and allows login', async () => {
    const user = await registerUser(t, { prenom: 'Aïssatou', nom: 'Ndiaye' });
    const res = await verify(user.email, t.mailer.codeFor(user.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverDetails.verified, client_folder_created: true });

    const row = (await userRow(t, user.email))!;
    expect(row.verifiedAt).toBeInstanceOf(Date);
    const folders = await t.database.db
      .select()
      .from(clientFolders)
      .where(eq(clientFolders.userId, row.id));
    expect(folders).toHaveLength(1);
    expect(folders[0]!.nom).toMatch(/^client-aissatou-ndiaye-[0-9a-f]{8}$/);
    // The code is spent: no row is left to guess against.
    const codes = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, row.id));
    expect(codes).toHaveLength(0);

    await expect(loginAs(t, user.email, user.password, { ip: uniqueIp() })).resolves.toBeTruthy();
  });

  it('accepts the e-mail in any case', async () => {
    const user = await registerUser(t);
    const res = await verify(user.email.toUpperCase(), t.mailer.codeFor(user.email));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong code with the French detail', async () => {
    const user = await registerUser(t);
    const res = await verify(user.email, otherThan(t.mailer.codeFor(user.email)));
    expectDetail(res, 400, serverDetails.verifyInvalid);
    expect((await userRow(t, user.email))?.verifiedAt).toBeNull();
  });

  it('is single use: the same code a second time is refused and creates no second folder', async () => {
    const user = await registerUser(t);
    const code = t.mailer.codeFor(user.email);
    expect((await verify(user.email, code)).statusCode).toBe(200);
    expectDetail(await verify(user.email, code), 400, serverDetails.verifyInvalid);
    const row = (await userRow(t, user.email))!;
    const folders = await t.database.db
      .select()
      .from(clientFolders)
      .where(eq(clientFolders.userId, row.id));
    expect(folders).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous right codes succeed', async () => {
    const user = await registerUser(t);
    const code = t.mailer.codeFor(user.email);
    const results = await Promise.all([verify(user.email, code), verify(user.email, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  describe('expiry (15 minutes)', () => {
    it('still accepts the code just before 15 minutes', async () => {
      const user = await registerUser(t);
      const row = (await userRow(t, user.email))!;
      await ageVerificationCode(t, row.id, 14 * MINUTE);
      expect((await verify(user.email, t.mailer.codeFor(user.email))).statusCode).toBe(200);
    });

    it('refuses the right code once 15 minutes have passed', async () => {
      const user = await registerUser(t);
      const row = (await userRow(t, user.email))!;
      await ageVerificationCode(t, row.id, 15 * MINUTE + 1000);
      const res = await verify(user.email, t.mailer.codeFor(user.email));
      expectDetail(res, 400, serverDetails.verifyInvalid);
      expect((await userRow(t, user.email))?.verifiedAt).toBeNull();
    });
  });

  describe('wrong-code limit (5 tries)', () => {
    it('allows a right code after four wrong ones', async () => {
      const user = await registerUser(t);
      const code = t.mailer.codeFor(user.email);
      for (let i = 0; i < 4; i++) {
        expectDetail(await verify(user.email, otherThan(code)), 400, serverDetails.verifyInvalid);
      }
      expect((await verify(user.email, code)).statusCode).toBe(200);
    });

    it('refuses even the right code after five wrong ones, until a new code is sent', async () => {
      const user = await registerUser(t);
      const code = t.mailer.codeFor(user.email);
      for (let i = 0; i < 4; i++) {
        expectDetail(await verify(user.email, otherThan(code)), 400, serverDetails.verifyInvalid);
      }
      // The fifth wrong try says a new code is needed.
      expectDetail(
        await verify(user.email, otherThan(code)),
        400,
        serverDetails.verifyTooManyAttempts,
      );
      expectDetail(await verify(user.email, code), 400, serverDetails.verifyTooManyAttempts);
      expect((await userRow(t, user.email))?.verifiedAt).toBeNull();

      // A resend (once the minute since the registration mail has passed) restores the tries.
      await ageRateLimitEvents(t, MINUTE + 1000);
      const resend = await call(t, 'POST', RESEND, { body: { email: user.email } });
      expect(resend.statusCode).toBe(200);
      const fresh = t.mailer.codeFor(user.email);
      expect((await verify(user.email, fresh)).statusCode).toBe(200);
    });

    it('counts parallel wrong guesses: never more than five are compared', async () => {
      const user = await registerUser(t);
      const code = t.mailer.codeFor(user.email);
      const wrong = Array.from({ length: 12 }, (_, i) =>
        String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      await Promise.all(wrong.map((w) => verify(user.email, w)));
      expectDetail(await verify(user.email, code), 400, serverDetails.verifyTooManyAttempts);
    });
  });
});

describe('POST /auth/resend-verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const resend = (email: unknown) => call(t, 'POST', RESEND, { body: { email }, ip: uniqueIp() });
  const verify = (email: string, token: string) =>
    call(t, 'POST', VERIFY, { body: { email, token }, ip: uniqueIp() });

  it.each([
    ['missing', undefined, validation.emailRequired],
    ['empty', '', validation.emailRequired],
    ['invalid', 'awa@', validation.emailInvalid],
  ])('email %s → 422', async (_name, email, msg) => {
    expectFieldError(await resend(email), ['body', 'email'], msg);
  });

  it('refuses a second code within the minute after registering (429, Retry-After)', async () => {
    const user = await registerUser(t);
    const res = await resend(user.email);
    expectDetail(res, 429, serverDetails.resendTooSoon);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('replaces the code: the old one stops working, the new one verifies', async () => {
    const user = await registerUser(t);
    const first = t.mailer.codeFor(user.email);
    const mailsBefore = t.mailer.sent.length;
    await ageRateLimitEvents(t, MINUTE + 1000);

    const res = await resend(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverDetails.resendSent });
    expect(t.mailer.sent).toHaveLength(mailsBefore + 1);
    const second = t.mailer.codeFor(user.email);
    expect(t.mailer.lastTo(user.email)!.subject).toContain('code de vérification');

    if (second !== first) {
      expectDetail(await verify(user.email, first), 400, serverDetails.verifyInvalid);
    }
    expect((await verify(user.email, second)).statusCode).toBe(200);
  });

  it('gives the new code a fresh 15 minutes', async () => {
    const user = await registerUser(t);
    const row = (await userRow(t, user.email))!;
    await ageVerificationCode(t, row.id, 20 * MINUTE);
    await ageRateLimitEvents(t, 20 * MINUTE);
    expect((await resend(user.email)).statusCode).toBe(200);
    expect((await verify(user.email, t.mailer.codeFor(user.email))).statusCode).toBe(200);
  });

  it('allows one resend per minute, then another once the minute has passed', async () => {
    const user = await registerUser(t);
    await ageRateLimitEvents(t, MINUTE + 1000);
    expect((await resend(user.email)).statusCode).toBe(200);
    expectDetail(await resend(user.email), 429, serverDetails.resendTooSoon);
    await ageRateLimitEvents(t, MINUTE + 1000);
    expect((await resend(user.email)).statusCode).toBe(200);
  });

  it('limits each address on its own', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    await ageRateLimitEvents(t, MINUTE + 1000);
    expect((await resend(a.email)).statusCode).toBe(200);
    expect((await resend(b.email)).statusCode).toBe(200);
  });

  it('mails nothing to a verified account but answers the same', async () => {
    const user = await registerUser(t);
    expect((await verify(user.email, t.mailer.codeFor(user.email))).statusCode).toBe(200);
    await ageRateLimitEvents(t, MINUTE + 1000);
    const mailsBefore = t.mailer.sent.length;
    const res = await resend(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverDetails.resendSent });
    expect(t.mailer.sent).toHaveLength(mailsBefore);
  });

  it('answers a French 503 when the mail fails, and a retry at once succeeds', async () => {
    const user = await registerUser(t);
    await ageRateLimitEvents(t, MINUTE + 1000);
    t.mailer.failNext = 1;
    expectDetail(await resend(user.email), 503, MAIL_FAILED_DETAIL);
    const retry = await resend(user.email);
    expect(retry.statusCode).toBe(200);
    expect((await verify(user.email, t.mailer.codeFor(user.email))).statusCode).toBe(200);
  });
});
