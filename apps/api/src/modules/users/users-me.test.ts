import { serverDetails, validation } from '@nuage/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail, expectFieldError } from '../../../test/helpers/assertions';
import { ageRateLimitEvents, userRow } from '../../../test/helpers/clock';
import {
  call,
  createVerifiedUser,
  loginAs,
  registerUser,
  uniqueEmail,
  uniqueIp,
  type TestUser,
} from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { nowSeconds, sessionIdOf, signAccessToken } from '../../../test/helpers/tokens';
import { clientFolders, passwordResetTokens, users } from '../../db/schema/users';

const ME = '/api/v1/users/me';
type Method = 'GET' | 'PUT' | 'DELETE';
const validUpdate = { prenom: 'Mariama', nom: 'Ba', email: 'mariama.ba@exemple.sn' };

describe('/users/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe.each<Method>(['GET', 'PUT', 'DELETE'])('%s without a valid session → 401', (method) => {
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method,
        url: ME,
        headers,
        ...(method === 'PUT' ? { payload: validUpdate } : {}),
      });

    it('no token', async () => {
      expectDetail(await send({}), 401, serverDetails.notAuthenticated);
    });

    it('a token that is not a JWT', async () => {
      expectDetail(
        await send({ authorization: 'Bearer pas-un-jeton' }),
        401,
        serverDetails.sessionInvalid,
      );
    });

    it('a token signed with another key', async () => {
      const user = await createVerifiedUser(t);
      const foreign = await signAccessToken(
        'une-autre-cle-secrete-de-trente-deux-octets',
        { sub: user.id, sid: sessionIdOf(user.token) },
        { expiresAt: nowSeconds() + 3600 },
      );
      expectDetail(
        await send({ authorization: `Bearer ${foreign}` }),
        401,
        serverDetails.sessionInvalid,
      );
    });

    it('an expired token', async () => {
      const user = await createVerifiedUser(t);
      const expired = await signAccessToken(
        t.secrets.jwtSecret,
        { sub: user.id, sid: sessionIdOf(user.token) },
        { issuedAt: nowSeconds() - 25 * 3600, expiresAt: nowSeconds() - 3600 },
      );
      expectDetail(
        await send({ authorization: `Bearer ${expired}` }),
        401,
        serverDetails.sessionInvalid,
      );
    });

    // With the signing key (a leak, a forgotten test key), a live session's id must still not
    // yield a token that never expires or is dated in the future.
    it('a token without exp, for a live session', async () => {
      const user = await createVerifiedUser(t);
      const forever = await signAccessToken(
        t.secrets.jwtSecret,
        { sub: user.id, sid: sessionIdOf(user.token) },
        { expiresAt: null },
      );
      expectDetail(
        await send({ authorization: `Bearer ${forever}` }),
        401,
        serverDetails.sessionInvalid,
      );
    });

    it('a token whose iat is in the future, or missing', async () => {
      const user = await createVerifiedUser(t);
      const sid = sessionIdOf(user.token);
      const ahead = await signAccessToken(
        t.secrets.jwtSecret,
        { sub: user.id, sid },
        { issuedAt: nowSeconds() + 3600, expiresAt: nowSeconds() + 7200 },
      );
      const noIat = await signAccessToken(
        t.secrets.jwtSecret,
        { sub: user.id, sid },
        { issuedAt: null, expiresAt: nowSeconds() + 3600 },
      );
      for (const token of [ahead, noIat])
        expectDetail(
          await send({ authorization: `Bearer ${token}` }),
          401,
          serverDetails.sessionInvalid,
        );
    });

    it("a well-signed token naming another user's session", async () => {
      const victim = await createVerifiedUser(t);
      const attacker = await createVerifiedUser(t);
      const mixed = await signAccessToken(
        t.secrets.jwtSecret,
        { sub: victim.id, sid: sessionIdOf(attacker.token) },
        { expiresAt: nowSeconds() + 3600 },
      );
      expectDetail(
        await send({ authorization: `Bearer ${mixed}` }),
        401,
        serverDetails.sessionInvalid,
      );
    });

    it('a tampered token (payload changed, signature kept)', async () => {
      const victim = await createVerifiedUser(t);
      const attacker = await createVerifiedUser(t);
      const [header, payload, signature] = attacker.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: victim.id })).toString(
        'base64url',
      );
      expectDetail(
        await send({ authorization: `Bearer ${header}.${forged}.${signature}` }),
        401,
        serverDetails.sessionInvalid,
      );
    });

    it('an unsigned token (alg none)', async () => {
      const user = await createVerifiedUser(t);
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const unsigned = `${enc({ alg: 'none' })}.${enc({ sub: user.id, sid: sessionIdOf(user.token), iat: nowSeconds(), exp: nowSeconds() + 3600 })}.`;
      expectDetail(
        await send({ authorization: `Bearer ${unsigned}` }),
        401,
        serverDetails.sessionInvalid,
      );
    });

    it('another scheme than Bearer', async () => {
      const user = await createVerifiedUser(t);
      expectDetail(
        await send({ authorization: `Basic ${user.token}` }),
        401,
        serverDetails.notAuthenticated,
      );
    });
  });

  describe('GET', () => {
    it('answers the profile, and only its public fields', async () => {
      const user = await createVerifiedUser(t, { prenom: 'Khady', nom: 'Sarr' });
      const res = await call(t, 'GET', ME, { token: user.token });
      expect(res.statusCode).toBe(200);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(
        [
          'date_creation',
          'double_authentification',
          'email',
          'email_en_attente',
          'est_verifie',
          'id',
          'nom',
          'plateforme',
          'prenom',
        ].sort(),
      );
      // What GET /platform answers, so a page's first load asks one request fewer.
      const platform = await call(t, 'GET', '/api/v1/platform', { token: user.token });
      expect(body.plateforme).toEqual(platform.json());
      expect(body).toMatchObject({
        id: user.id,
        prenom: 'Khady',
        nom: 'Sarr',
        email: user.email,
        est_verifie: true,
        email_en_attente: null,
      });
      expect(new Date(body.date_creation as string).toISOString()).toBe(body.date_creation);
      expect(res.body).not.toMatch(/argon2|password|hash/i);
    });

    it('accepts a trailing slash', async () => {
      const user = await createVerifiedUser(t);
      expect((await call(t, 'GET', `${ME}/`, { token: user.token })).statusCode).toBe(200);
    });
  });

  describe('PUT', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createVerifiedUser(t);
    });
    const update = (body: unknown, token = user.token) => call(t, 'PUT', ME, { token, body });
    const fields = (over: Record<string, unknown> = {}) => ({
      prenom: 'Mariama',
      nom: 'Ba',
      email: user.email,
      ...over,
    });

    describe('validation (SPEC §5 Profile)', () => {
      it.each([
        ['prenom missing', { prenom: undefined }, ['body', 'prenom'], validation.prenomRequired],
        ['prenom blank', { prenom: '  ' }, ['body', 'prenom'], validation.prenomRequired],
        ['prenom of 1', { prenom: 'M' }, ['body', 'prenom'], validation.prenomMin2],
        ['prenom of 1 padded', { prenom: ' M ' }, ['body', 'prenom'], validation.prenomMin2],
        ['nom missing', { nom: undefined }, ['body', 'nom'], validation.nomRequired],
        ['nom empty', { nom: '' }, ['body', 'nom'], validation.nomRequired],
        ['nom of 1', { nom: 'B' }, ['body', 'nom'], validation.nomMin2],
        ['email missing', { email: undefined }, ['body', 'email'], validation.emailRequired],
        ['email empty', { email: '' }, ['body', 'email'], validation.emailRequired],
        ['email invalid', { email: 'mariama@' }, ['body', 'email'], validation.emailInvalid],
      ])('%s → 422 with the French message', async (_name, over, loc, msg) => {
        expectFieldError(await update(fields(over)), loc, msg);
        // Nothing changed.
        expect((await userRow(t, user.email))?.prenom).toBe(user.prenom);
      });

      it('a body that is not a JSON object → 422 in French', async () => {
        const res = await update([]);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          detail: [{ loc: ['body'], msg: serverDetails.badJson, type: 'invalid_type' }],
        });
      });
    });

    it('updates the names at once; GET shows them', async () => {
      const me = await createVerifiedUser(t);
      const res = await update({ prenom: ' Ndèye ', nom: 'Fall', email: me.email }, me.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: me.id,
        prenom: 'Ndèye',
        nom: 'Fall',
        email: me.email,
        email_en_attente: null,
      });
      const get = await call(t, 'GET', ME, { token: me.token });
      expect(get.json()).toMatchObject({ prenom: 'Ndèye', nom: 'Fall', email: me.email });
    });

    it('changes the e-mail once the code mailed to the new address is entered', async () => {
      const me = await createVerifiedUser(t);
      const newEmail = uniqueEmail('Nouvelle').replace('@exemple.sn', '@EXEMPLE.SN');
      const lower = newEmail.toLowerCase();
      const res = await update({ prenom: me.prenom, nom: me.nom, email: newEmail }, me.token);
      expect(res.statusCode).toBe(200);
      // Until the new mailbox proves it receives mail, the account keeps its address.
      expect(res.json()).toMatchObject({ email: me.email, email_en_attente: lower });
      const mail = t.mailer.lastTo(lower)!;
      expect(mail.subject).toContain('nouvelle adresse email');
      expect(mail.html).toContain('lang="fr"');
      await expect(loginAs(t, me.email, me.password, { ip: uniqueIp() })).resolves.toBeTruthy();

      const confirm = await call(t, 'POST', `${ME}/confirm-email`, {
        token: me.token,
        body: { code: t.mailer.codeFor(lower) },
      });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json()).toMatchObject({ email: lower, email_en_attente: null });
      await expect(loginAs(t, newEmail, me.password, { ip: uniqueIp() })).resolves.toBeTruthy();
      await expect(loginAs(t, me.email, me.password, { ip: uniqueIp() })).rejects.toThrow(/401/);
    });

    it('refuses an e-mail used by another account, whatever its case (409)', async () => {
      const other = await createVerifiedUser(t);
      const res = await update(fields({ email: other.email.toUpperCase() }));
      expectDetail(res, 409, serverDetails.emailTaken);
      expect((await userRow(t, user.email))?.id).toBe(user.id);
    });

    it('refuses the e-mail of an account still waiting for its code (409)', async () => {
      const pending = await registerUser(t);
      expectDetail(await update(fields({ email: pending.email })), 409, serverDetails.emailTaken);
    });

    it('accepts its own e-mail in another case', async () => {
      const res = await update(fields({ email: user.email.toUpperCase() }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: user.email });
    });
  });

  describe('DELETE', () => {
    it('removes the account and what it alone owns; the token stops working', async () => {
      const user = await createVerifiedUser(t);
      // A pending reset link, to check it goes with the account.
      await call(t, 'POST', '/api/v1/auth/request-password-reset', {
        body: { email: user.email },
        ip: uniqueIp(),
      });
      const res = await call(t, 'DELETE', ME, { token: user.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: serverDetails.accountDeleted });

      const db = t.database.db;
      expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
      expect(
        await db.select().from(clientFolders).where(eq(clientFolders.userId, user.id)),
      ).toHaveLength(0);
      expect(
        await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
      ).toHaveLength(0);

      expectDetail(
        await call(t, 'GET', ME, { token: user.token }),
        401,
        serverDetails.sessionInvalid,
      );
      expectDetail(
        await call(t, 'DELETE', ME, { token: user.token }),
        401,
        serverDetails.sessionInvalid,
      );
      await expect(loginAs(t, user.email, user.password, { ip: uniqueIp() })).rejects.toThrow(
        /401/,
      );
    });

    it('leaves other accounts alone', async () => {
      const gone = await createVerifiedUser(t);
      const stays = await createVerifiedUser(t);
      expect((await call(t, 'DELETE', ME, { token: gone.token })).statusCode).toBe(200);
      expect((await call(t, 'GET', ME, { token: stays.token })).statusCode).toBe(200);
      const [folder] = await t.database.db
        .select()
        .from(clientFolders)
        .where(eq(clientFolders.userId, stays.id));
      expect(folder).toBeDefined();
    });

    it('frees the e-mail for a new registration', async () => {
      const user = await createVerifiedUser(t);
      await call(t, 'DELETE', ME, { token: user.token });
      await ageRateLimitEvents(t, 61_000); // a registration per address per minute
      const again = await registerUser(t, { email: user.email });
      expect((await userRow(t, again.email))?.verifiedAt).toBeNull();
    });
  });
});
