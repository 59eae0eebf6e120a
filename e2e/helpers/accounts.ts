import type { Page } from 'playwright-core';
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

/** Signs the page in as `account` the way the app does: the token under `auth_token`. */
export async function signInPage(page: Page, server: RunningServer, account: Account) {
  const payload = await post(server, '/auth/login', {
    email: account.email,
    mot_de_passe: account.password,
  });
  await page.goto('/');
  await page.evaluate(
    (token) => localStorage.setItem('auth_token', token),
    String(payload?.access_token),
  );
}
