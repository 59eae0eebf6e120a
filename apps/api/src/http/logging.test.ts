import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageRateLimitEvents, MINUTE } from '../../test/helpers/clock';
import { call, uniqueEmail, uniqueIp } from '../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { redactUrl } from './logging';

const MASK = '[masqué]';

describe('redactUrl', () => {
  it.each([
    [
      '/reset-password?token=s3cr3t-t0k3n&email=awa%40exemple.sn',
      `/reset-password?token=${MASK}&email=${MASK}`,
    ],
    [
      '/reset-password?email=awa@exemple.sn&token=abc',
      `/reset-password?email=${MASK}&token=${MASK}`,
    ],
    ['/x?TOKEN=abc', `/x?TOKEN=${MASK}`],
    ['/x?%74oken=abc', `/x?%74oken=${MASK}`],
    ['/x?access_token=abc&code=123456', `/x?access_token=${MASK}&code=${MASK}`],
    ['/x?token=abc&token=def', `/x?token=${MASK}&token=${MASK}`],
    ['/x?token', `/x?token=${MASK}`],
    [
      '/api/v1/webhooks/image/0b7c0f1e-2a3b-4c5d-8e9f-001122334455/Zm9vYmFyLXNlY3JldA',
      `/api/v1/webhooks/image/0b7c0f1e-2a3b-4c5d-8e9f-001122334455/${MASK}`,
    ],
  ])('masks secret query parameters and path tokens: %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('keeps harmless query parameters as they are', () => {
    expect(redactUrl('/api/v1/standalone-builds/images?limit=10&offset=20')).toBe(
      '/api/v1/standalone-builds/images?limit=10&offset=20',
    );
    expect(redactUrl('/deploy?environmentId=42&token=x')).toBe(
      `/deploy?environmentId=42&token=${MASK}`,
    );
  });

  it.each([
    ['/invitations/abcDEF123-_xyz', `/invitations/${MASK}`],
    ['/api/v1/invitations/abcDEF123-_xyz', `/api/v1/invitations/${MASK}`],
    ['/api/v1/invitations/abcDEF123/', `/api/v1/invitations/${MASK}/`],
    ['/api/v1/invitations/abc?x=1', `/api/v1/invitations/${MASK}?x=1`],
  ])('masks invitation tokens in paths: %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('keeps the invitation routes that carry no token', () => {
    expect(redactUrl('/api/v1/invitations/pending')).toBe('/api/v1/invitations/pending');
    expect(redactUrl('/api/v1/invitations/accept')).toBe('/api/v1/invitations/accept');
  });

  it('never throws on a malformed escape, and masks what it cannot read', () => {
    expect(() => redactUrl('/x?%ZZ=1&%E0%A4%A=2')).not.toThrow();
    expect(redactUrl('/x?%ZZ=secret')).toBe(`/x?%ZZ=${MASK}`);
  });
});

describe('log redaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Logs `fields` through the app's logger and reads the line back. */
  const logged = (fields: Record<string, unknown>) => {
    const marker = `marqueur-${Math.random()}`;
    t.app.log.info(fields, marker);
    const line = t.logs.lines.find((l) => l.includes(marker));
    expect(line).toBeDefined();
    return { line: line!, json: JSON.parse(line!) as Record<string, unknown> };
  };

  // SPEC §3 "Secret-like field names hidden in logs", and the French payload fields of §3.
  const specNames = [
    'password',
    'token',
    'secret',
    'key',
    'auth',
    'credential',
    'odoo_password',
    'postgres_password',
    'wordpress_password',
    'mariadb_root_password',
    'mariadb_user_password',
    'git_token',
    'mot_de_passe',
    'nouveau_mot_de_passe',
    'access_token',
    'token_invitation',
    'contenu_cle_privee',
  ];

  it.each(specNames)('hides "%s" at the top level and up to three objects deep', (name) => {
    const secret = `valeur-secrete-${name}`;
    const { line, json } = logged({
      [name]: secret,
      body: { [name]: secret },
      deploy: { helm_values: { [name]: secret } },
      a: { b: { c: { [name]: secret } } },
      items: [{ [name]: secret }],
    });
    expect(line).not.toContain(secret);
    expect(json[name]).toBe(MASK);
    expect(json.body).toEqual({ [name]: MASK });
  });

  it.each([
    'motDePasse',
    'nouveauMotDePasse',
    'passwordHash',
    'password_hash',
    'confirmPassword',
    'accessToken',
    'jwtSecret',
    'secretsKey',
    'hashKey',
    'codeHash',
    'tokenHash',
    'smtpUrl',
    'databaseUrl',
    'authorization',
    'cookie',
  ])('hides the code-side name "%s" too', (name) => {
    const secret = `valeur-secrete-${name}`;
    const { line } = logged({ [name]: secret, input: { [name]: secret } });
    expect(line).not.toContain(secret);
  });

  it('keeps what is not secret', () => {
    const { json } = logged({ userId: 'u-1', email: 'awa@exemple.sn', nom: 'Diop' });
    expect(json).toMatchObject({ userId: 'u-1', email: 'awa@exemple.sn', nom: 'Diop' });
  });

  it('masks secrets in logged request URLs (SPA reset link, invitation link)', async () => {
    const token = 'jeton-de-lien-tres-secret';
    await t.app.inject({
      method: 'GET',
      url: `/reset-password?token=${token}&email=awa%40exemple.sn`,
    });
    await t.app.inject({ method: 'GET', url: `/invitations/${token}` });
    await t.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(t.logs.text).toContain('/reset-password?token=');
    expect(t.logs.text).not.toContain(token);
    expect(t.logs.text).not.toContain('awa%40exemple.sn');
  });

  it('survives a request whose URL has a malformed escape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health?%ZZ=1' });
    expect(res.statusCode).toBe(200);
  });
});

describe('no secret reaches the logs during a whole account lifecycle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'trace' });
  });
  afterAll(() => t.close());

  it('register, verify, login, wrong login, reset request, reset, profile update, delete', async () => {
    const email = uniqueEmail('secret');
    const ip = uniqueIp();
    const password = 'Mdp-Initial-Unique-7391';
    const wrongPassword = 'Mdp-Faux-Unique-5128';
    const newPassword = 'Mdp-Nouveau-Unique-8462';
    const secrets: string[] = [password, wrongPassword, newPassword];

    const post = (url: string, body: object) =>
      call(t, 'POST', `/api/v1/auth/${url}`, { body, ip });

    expect(
      (await post('register', { nom: 'Gueye', prenom: 'Astou', email, mot_de_passe: password }))
        .statusCode,
    ).toBe(201);
    const firstCode = t.mailer.codeFor(email);
    expect((await post('verify-account', { email, token: '000000' })).statusCode).toBe(400);
    await ageRateLimitEvents(t, MINUTE + 1000);
    expect((await post('resend-verification', { email })).statusCode).toBe(200);
    const code = t.mailer.codeFor(email);
    secrets.push(firstCode, code);
    expect((await post('verify-account', { email, token: code })).statusCode).toBe(200);

    const login = await post('login', { email, mot_de_passe: password });
    expect(login.statusCode).toBe(200);
    const accessToken = login.json<{ access_token: string }>().access_token;
    secrets.push(accessToken, accessToken.split('.')[2]!);
    expect((await post('login', { email, mot_de_passe: wrongPassword })).statusCode).toBe(401);

    expect((await post('request-password-reset', { email })).statusCode).toBe(200);
    const link = t.mailer.linkFor(email);
    const resetToken = link.searchParams.get('token')!;
    secrets.push(resetToken);
    // The browser opens the mailed link on the SPA route before calling the API.
    await call(t, 'GET', `${link.pathname}${link.search}`, { ip });
    expect(
      (
        await post('reset-password', {
          email,
          token: resetToken,
          nouveau_mot_de_passe: newPassword,
        })
      ).statusCode,
    ).toBe(200);
    // A second use, refused, must not log the token either.
    expect(
      (
        await post('reset-password', {
          email,
          token: resetToken,
          nouveau_mot_de_passe: newPassword,
        })
      ).statusCode,
    ).toBe(400);

    const fresh = await post('login', { email, mot_de_passe: newPassword });
    const freshToken = fresh.json<{ access_token: string }>().access_token;
    secrets.push(freshToken);
    const update = await call(t, 'PUT', '/api/v1/users/me', {
      token: freshToken,
      body: { prenom: 'Astou', nom: 'Gueye-Ndiaye', email },
      ip,
    });
    expect(update.statusCode).toBe(200);
    expect(
      (await call(t, 'DELETE', '/api/v1/users/me', { token: freshToken, ip })).statusCode,
    ).toBe(200);

    // One line per request at least (http/access-log.ts): the walk above was logged.
    expect(t.logs.lines.length).toBeGreaterThanOrEqual(12);
    for (const secret of secrets) expect(t.logs.text).not.toContain(secret);
    expect(t.logs.text).not.toMatch(/"mot_de_passe":"(?!\[masqué\])/);
  });
});
