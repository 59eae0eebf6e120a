import { RuntimeRejectedError, RuntimeUnavailableError } from '../../driver';
import { runtimeErrorTexts } from '@nuage/shared/messages/runtime';

/**
 * What the Kubernetes API's answers mean to the reconciler: a refusal (RuntimeRejectedError,
 * with the HTTP code and the Status reason) or an API that did not answer, or answered 5xx/429
 * (RuntimeUnavailableError: retried later).
 */

/** The API answered and refused: carries its HTTP code and Status reason (NotFound, Conflict, Invalid…). */
export class KubeApiRejection extends RuntimeRejectedError {
  constructor(
    message: string,
    readonly code: number,
    readonly reason: string | null,
  ) {
    super(message);
  }
}

/** The API did not answer, or answered 5xx/429 (`code`, null when it did not answer at all). */
export class KubeApiUnavailable extends RuntimeUnavailableError {
  constructor(
    message: string,
    readonly code: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

interface StatusBody {
  message?: unknown;
  reason?: unknown;
}

function statusOf(text: string): StatusBody {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as StatusBody) : {};
  } catch {
    return {};
  }
}

/** A non-2xx answer as the runtime error the reconciler understands. */
export function rejectionOf(status: number, text: string): Error {
  const parsed = statusOf(text);
  const message =
    typeof parsed.message === 'string' && parsed.message ? parsed.message : text.slice(0, 500);
  // 429 (throttled) is as transient as a 5xx: the reconciler retries later.
  if (status >= 500 || status === 429) {
    return new KubeApiUnavailable(runtimeErrorTexts.kubernetesUnavailable(status, message), status);
  }
  return new KubeApiRejection(
    message || `HTTP ${status}`,
    status,
    typeof parsed.reason === 'string' ? parsed.reason : null,
  );
}

export function unavailable(url: URL, error: Error & { code?: string }): RuntimeUnavailableError {
  return new KubeApiUnavailable(
    `API Kubernetes injoignable (${error.code ?? error.message}) : ${url.origin}`,
    null,
    {
      cause: error,
    },
  );
}

export const isNotFound = (error: unknown) =>
  error instanceof KubeApiRejection && error.code === 404;
