import type { FieldIssue } from '@nuage/shared/schemas/responses/errors';
import { csrfHeader } from '@nuage/shared/limits';
import { errors } from '@nuage/shared/messages';
import { session } from './session';
import { notify } from './toast';

const API_BASE = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api/v1';

/** A failed call: the HTTP status and the server's `detail` (string, issues or an object). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
    message: string,
    /** A refused-for-now call (429): seconds until it may succeed, from Retry-After. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The field issues of a 422, if any. */
  get issues(): FieldIssue[] {
    return Array.isArray(this.detail) ? (this.detail as FieldIssue[]) : [];
  }
}

/** SPEC §8: the server's detail if present, arrays joined, else the screen's default. */
export function messageFromDetail(detail: unknown, fallback: string): string {
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail)) {
    const msgs = detail
      .map((d) => (d && typeof d === 'object' && 'msg' in d ? String((d as FieldIssue).msg) : ''))
      .filter(Boolean);
    if (msgs.length) return msgs.join(', ');
  }
  return fallback;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /**
   * The default error text of SPEC §8 for this call; `false` when the caller handles the
   * failure itself (quota modal) or SPEC says failures are only logged.
   */
  errorMessage?: string | false;
  signal?: AbortSignal;
}

/**
 * Every call to the API goes through here: JSON in and out, the session cookie (sent by the
 * browser) with the header that proves the call comes from this app, an error toast from
 * `detail`, and on 401 of a signed-in call the session ends (→ /login).
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const signedIn = session.getToken() !== null;
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = {
    accept: 'application/json',
    [csrfHeader.name]: csrfHeader.value,
  };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: opts.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    if (opts.errorMessage !== false) notify.error(errors.network);
    throw new ApiError(0, null, errors.network);
  }

  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return payload as T;

  const detail =
    payload && typeof payload === 'object' && 'detail' in payload
      ? (payload as { detail: unknown }).detail
      : null;
  const fallback = typeof opts.errorMessage === 'string' ? opts.errorMessage : errors.generic;
  const message = messageFromDetail(detail, fallback);
  if (response.status === 401 && signedIn) {
    session.clear('expired');
  } else if (opts.errorMessage !== false) {
    notify.error(message);
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new ApiError(
    response.status,
    detail,
    message,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}
