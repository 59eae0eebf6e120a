import type { BrowserContext, Page } from 'playwright-core';
import { codeIn, waitForMail } from './outbox';
import type { RunningServer } from './server';

export interface Account {
  prenom: string;
  nom: string;
  email: string;
  password: string;
}

let counter = 0;
/** A fresh account's details: a unique e-mail per call, a password valid at login and reset. */
export function newAccount(overrides: Partial<Account> = {}): Account {
  counter += 1;
  return {
    prenom: 'Awa',
    nom: 'Diop',
    email: `awa.${Date.now().toString(36)}.${counter}@exemple.sn`,
    password: 'Secret2024',
    ...overrides,
  };
}

async function post(server: RunningServer, path: string, body: unknown, token?: string) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const payload = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(payload)}`);
  return payload;
}

/** Registers through the API and, unless told not to, verifies with the mailed code. */
export async function createAccount(
  server: RunningServer,
  account: Account = newAccount(),
  { verify = true } = {},
): Promise<Account> {
  await post(server, '/auth/register', {
    nom: account.nom,
    prenom: account.prenom,
    email: account.email,
    mot_de_passe: account.password,
  });
  if (verify) {
    const mail = await waitForMail(server.outboxDir, account.email, /code de vérification/i);
    await post(server, '/auth/verify-account', { email: account.email, token: codeIn(mail) });
  }
  return account;
}

/**
 * Gives a browser context the session of `token` the way a login leaves it: the HttpOnly
 * session cookie, and the marker under `auth_token` that tells the app a session exists.
 */
export async function signInContext(context: BrowserContext, serverUrl: string, token: string) {
  await context.addCookies([
    { name: 'nuage_session', value: token, url: serverUrl, httpOnly: true, sameSite: 'Strict' },
  ]);
  await context.addInitScript(() => {
    if (!localStorage.getItem('auth_token')) localStorage.setItem('auth_token', 'session-e2e');
  });
}

/** Signs the page in as `account` (POST /auth/login, then the cookie and marker it sets). */
export async function signInPage(page: Page, server: RunningServer, account: Account) {
  const payload = await post(server, '/auth/login', {
    email: account.email,
    mot_de_passe: account.password,
  });
  await signInContext(page.context(), server.url, String(payload?.access_token));
  await page.goto('/');
}
