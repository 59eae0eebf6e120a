import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  prenom: string;
  nom: string;
  token: string;
}

let counter = 0;

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@exemple.sn`;
}

/** Calls the API as a browser would; `token` adds the bearer header. */
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

/** Registers through the API without verifying: the account waits for its code. */
export async function registerUser(
  t: TestApp,
  overrides: Partial<Pick<TestUser, 'email' | 'password' | 'prenom' | 'nom'>> = {},
) {
  const user = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'motdepasse1',
    prenom: overrides.prenom ?? 'Awa',
    nom: overrides.nom ?? 'Diop',
  };
  const res = await call(t, 'POST', '/api/v1/auth/register', {
    body: { nom: user.nom, prenom: user.prenom, email: user.email, mot_de_passe: user.password },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return user;
}

/** The whole sign-up path (register → mailed code → verify → login), as a real user goes. */
export async function createVerifiedUser(
  t: TestApp,
  overrides: Partial<Pick<TestUser, 'email' | 'password' | 'prenom' | 'nom'>> = {},
): Promise<TestUser> {
  const user = await registerUser(t, overrides);
  const verify = await call(t, 'POST', '/api/v1/auth/verify-account', {
    body: { email: user.email, token: t.mailer.codeFor(user.email) },
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const token = await loginAs(t, user.email, user.password);
  const me = await call(t, 'GET', '/api/v1/users/me', { token });
  return { ...user, token, id: me.json<{ id: string }>().id };
}

export async function loginAs(t: TestApp, email: string, password: string): Promise<string> {
  const res = await call(t, 'POST', '/api/v1/auth/login', {
    body: { email, mot_de_passe: password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}
