import { ApiError, messageFromDetail } from './api-client';

/**
 * The message of a failed call a screen shows itself (SPEC §8: the server's detail, else the
 * screen's default). Null when nothing should be shown: a 401 has already ended the session.
 */
export function failureMessage(error: unknown, fallback: string): string | null {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 401) return null;
  if (error.status === 0) return error.message;
  return messageFromDetail(error.detail, fallback);
}
