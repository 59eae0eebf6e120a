import type { Account } from './accounts';
import type { RunningServer } from './server';

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

export type ApiCall = <T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
) => Promise<ApiAnswer<T>>;

/** Calls on /api/v1 as `token`; the status is returned, never thrown. */
export function apiClient(server: RunningServer, token?: string): ApiCall {
  return async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
}

/** The access token of a verified account (POST /auth/login). */
export async function loginToken(server: RunningServer, account: Account): Promise<string> {
  const res = await apiClient(server)<{ access_token: string }>('POST', '/auth/login', {
    email: account.email,
    mot_de_passe: account.password,
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return res.body.access_token;
}

/** Polls `fn` every `everyMs` until `ok`; the last value is in the timeout's message. */
export async function pollUntil<T>(
  what: string,
  fn: () => Promise<T>,
  ok: (value: T) => boolean,
  { timeoutMs = 60_000, everyMs = 250 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (ok(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
