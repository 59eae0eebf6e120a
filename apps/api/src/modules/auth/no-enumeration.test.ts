import { auth } from '@nuage/shared/limits';
import { serverDetails } from '@nuage/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageRateLimitEvents, MINUTE } from '../../../test/helpers/clock';
import {
  call,
  createVerifiedUser,
  registerUser,
  uniqueEmail,
  uniqueIp,
  type CallResponse,
} from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/**
 * What a stranger can learn about an address from the public auth calls: nothing, registration
 * included (its owner is told by mail instead).
 */
describe('no account enumeration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  type Kind = 'unknown' | 'pending' | 'verified';
  /** One fresh address of each kind: never registered, registered but unverified, verified. */
  const addresses = async (): Promise<Record<Kind, string>> => {
    const pending = await registerUser(t);
    const verified = await createVerifiedUser(t);
    // The registration mails are a minute old: resend limits start from a clean slate.
    await ageRateLimitEvents(t, MINUTE + 1000);
    return { unknown: uniqueEmail('inconnu'), pending: pending.email, verified: verified.email };
  };
  const seen = (res: CallResponse) => ({
    status: res.statusCode,
    body: res.json<unknown>(),
    retryAfter: res.headers['retry-after'] === undefined ? 'none' : 'set',
  });
  const post = (url: string, body: object) =>
    call(t, 'POST', `/api/v1/auth/${url}`, { body, ip: uniqueIp() });

  /** Runs `steps` for each kind of address and expects identical answers. */
  const expectSameForAll = async (steps: (email: string) => Promise<ReturnType<typeof seen>[]>) => {
    const emails = await addresses();
    const answers = {
      unknown: await steps(emails.unknown),
      pending: await steps(emails.pending),
      verified: await steps(emails.verified),
    };
    expect(answers.pending).toEqual(answers.unknown);
    expect(answers.verified).toEqual(answers.unknown);
    return answers.unknown;
  };

  it('request-password-reset answers the same, limits included', async () => {
    const answers = await expectSameForAll(async (email) => [
      seen(await post('request-password-reset', { email })),
      seen(await post('request-password-reset', { email })),
    ]);
    expect(answers[0]).toEqual({
      status: 200,
      body: { message: serverDetails.resetRequested },
      retryAfter: 'none',
    });
    expect(answers[1]).toMatchObject({ status: 429, retryAfter: 'set' });
  });

  it('resend-verification answers the same, limits included', async () => {
    const answers = await expectSameForAll(async (email) => [
      seen(await post('resend-verification', { email })),
      seen(await post('resend-verification', { email })),
    ]);
    expect(answers[0]).toEqual({
      status: 200,
      body: { message: serverDetails.resendSent },
      retryAfter: 'none',
    });
    expect(answers[1]).toMatchObject({
      status: 429,
      body: { detail: serverDetails.resendTooSoon },
    });
  });

  it('verify-account answers wrong codes the same, up to and past the fifth', async () => {
    const answers = await expectSameForAll(async (email) => {
      const out = [];
      for (let i = 0; i < auth.verificationMaxWrongTries + 2; i++) {
        // 000000 is never mailed here (the codes of this file are checked below).
        out.push(seen(await post('verify-account', { email, token: '000000' })));
      }
      return out;
    });
    expect(answers.at(0)!.body).toEqual({ detail: serverDetails.verifyInvalid });
    expect(answers.at(-1)!.body).toEqual({ detail: serverDetails.verifyTooManyAttempts });
    expect(t.mailer.sent.every((m) => !m.text.includes('Votre code : 000000'))).toBe(true);
  });

  it('a resend restores the tries for every kind of address alike', async () => {
    await expectSameForAll(async (email) => {
      for (let i = 0; i < auth.verificationMaxWrongTries; i++) {
        await post('verify-account', { email, token: '000000' });
      }
      await ageRateLimitEvents(t, MINUTE + 1000, 'verification-code-sent');
      await post('resend-verification', { email });
      return [seen(await post('verify-account', { email, token: '000000' }))];
    });
  });

  it('login answers a wrong password the same', async () => {
    const answers = await expectSameForAll(async (email) => [
      seen(await post('login', { email, mot_de_passe: 'pas-le-bon-mdp' })),
    ]);
    expect(answers[0]).toEqual({
      status: 401,
      body: { detail: serverDetails.invalidCredentials },
      retryAfter: 'none',
    });
  });

  it('reset-password answers a made-up link the same', async () => {
    await expectSameForAll(async (email) => [
      seen(
        await post('reset-password', {
          email,
          token: 'y'.repeat(43),
          nouveau_mot_de_passe: 'Valide-Mdp-1',
        }),
      ),
    ]);
  });

  // The probe's finding: register answered 409 for a known address, 201 otherwise; a resend
  // right after answered 429 or 200 depending on the address. Now both sequences are identical.
  it('register, then resend, answer the same whatever the address (the owner is mailed instead)', async () => {
    const answers = await expectSameForAll(async (email) => [
      seen(await post('register', { nom: 'Diop', prenom: 'Awa', email, mot_de_passe: 'secret1' })),
      seen(await post('resend-verification', { email })),
      seen(await post('register', { nom: 'Diop', prenom: 'Awa', email, mot_de_passe: 'secret1' })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 429, 429]);
  });

  it('register for a verified address mails its owner and changes nothing', async () => {
    const owner = await createVerifiedUser(t);
    await ageRateLimitEvents(t, MINUTE + 1000);
    const res = await post('register', {
      nom: 'Pirate',
      prenom: 'Intrus',
      email: owner.email,
      mot_de_passe: 'autre-secret',
    });
    expect(res.statusCode).toBe(201);
    const mail = t.mailer.sent.filter((m) => m.to === owner.email).at(-1)!;
    expect(mail.subject).toMatch(/Tentative d'inscription/);
    expect(mail.text).toContain('Vous avez déjà un compte');
    // The password is still the owner's.
    const login = await post('login', { email: owner.email, mot_de_passe: owner.password });
    expect(login.statusCode).toBe(200);
  });
});
