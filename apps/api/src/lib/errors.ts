import type { FieldIssue, QuotaErrorDetail } from '@nuage/shared/schemas/responses/errors';
/**
 * Domain errors thrown by services. They carry a stable code and a French `detail`; only the
 * HTTP edge (http/error-handler.ts) maps a code to a status.
 */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'unavailable'
  | 'not_implemented'
  | 'validation';

export type { FieldIssue };

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    /** Seconds after which a rate-limited call may succeed (Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = 'DomainError';
  }
}

/** A 422 raised by a rule only the service can check, shaped like schema validation. */
export class FieldValidationError extends Error {
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map((i) => i.msg).join(' '));
    this.name = 'FieldValidationError';
  }
}

export const badRequest = (detail: string) => new DomainError('bad_request', detail);
export const unauthorized = (detail: string) => new DomainError('unauthorized', detail);
export const forbidden = (detail: string) => new DomainError('forbidden', detail);
export const notFound = (detail: string) => new DomainError('not_found', detail);
export const conflict = (detail: string) => new DomainError('conflict', detail);
export const unavailable = (detail: string) => new DomainError('unavailable', detail);
export const rateLimited = (detail: string, retryAfterSeconds?: number) =>
  new DomainError('rate_limited', detail, retryAfterSeconds);

export type { QuotaErrorDetail };

export class QuotaExceededError extends Error {
  constructor(
    readonly detail: QuotaErrorDetail,
    /** The project refused (its admins hear of it: modules/notifications/quota-notices.ts). */
    readonly projectId?: string,
  ) {
    super(detail.message);
    this.name = 'QuotaExceededError';
  }
}
