import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  prenom: string;
  nom: string;
  token: string;
  /** The client address this user's calls came from. */
  ip: string;
}

let counter = 0;
let ipCounter = 0;

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@exemple.sn`;
}

/**
 * A client address no other call of this test file uses, so per-address limits (login
 * failures, reset requests, the burst guard) of one test never spill into another.
 */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export type CallResponse = Awaited<ReturnType<typeof call>>;

/** Calls the API as a browser would; `token` adds the bearer header, `ip` the client address. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  opts: { token?: string; body?: unknown; ip?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}

type UserFields = Partial<Pick<TestUser, 'email' | 'password' | 'prenom' | 'nom' | 'ip'>>;

/** Registers through the API without verifying: the account waits for its code. */
export async function registerUser(t: TestApp, overrides: UserFields = {}) {
  const user = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'motdepasse1',
    prenom: overrides.prenom ?? 'Awa',
    nom: overrides.nom ?? 'Diop',
    ip: overrides.ip ?? uniqueIp(),
  };
  const res = await call(t, 'POST', '/api/v1/auth/register', {
    body: { nom: user.nom, prenom: user.prenom, email: user.email, mot_de_passe: user.password },
    ip: user.ip,
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return user;
}

/** Verifies a registered account with the code mailed to it. */
export async function verifyUser(t: TestApp, user: { email: string; ip?: string }) {
  const res = await call(t, 'POST', '/api/v1/auth/verify-account', {
    body: { email: user.email, token: t.mailer.codeFor(user.email) },
    ...(user.ip ? { ip: user.ip } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
}

/** The whole sign-up path (register → mailed code → verify → login), as a real user goes. */
/**
 * A verified, signed-in account. On the Enterprise plan unless told otherwise: most tests create
 * projects freely and are not about plan limits; the billing tests ask for 'decouverte'.
 */
export async function createVerifiedUser(
  t: TestApp,
  overrides: UserFields & { plan?: 'decouverte' | 'pro' | 'enterprise' } = {},
): Promise<TestUser> {
  const user = await registerUser(t, overrides);
  await verifyUser(t, user);
  const token = await loginAs(t, user.email, user.password, { ip: user.ip });
  const plan = overrides.plan ?? 'enterprise';
  if (plan !== 'decouverte') {
    const res = await call(t, 'PUT', '/api/v1/billing/plan', {
      token,
      ip: user.ip,
      body: { plan },
    });
    if (res.statusCode !== 200)
      throw new Error(`plan change failed: ${res.statusCode} ${res.body}`);
  }
  const me = await call(t, 'GET', '/api/v1/users/me', { token, ip: user.ip });
  return { ...user, token, id: me.json<{ id: string }>().id };
}

export async function loginAs(
  t: TestApp,
  email: string,
  password: string,
  opts: { ip?: string } = {},
): Promise<string> {
  const res = await call(t, 'POST', '/api/v1/auth/login', {
    body: { email, mot_de_passe: password },
    ...(opts.ip ? { ip: opts.ip } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}
