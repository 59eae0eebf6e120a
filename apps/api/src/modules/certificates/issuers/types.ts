import type { CertificateRow } from '../policy';

export type IssuanceMode = 'acme' | 'cert-manager' | 'simulation';

/** What one attempt produced: the certificate, or "not yet" (cert-manager is still working). */
export type IssueOutcome =
  | { kind: 'issued'; certificatePem: string; privateKeyPem: string }
  | { kind: 'waiting'; retryInMs: number };

/**
 * An order that failed, with a French reason shown to users (derniere_erreur). `retryable`: the
 * authority or the network failed, trying again later may work; otherwise the request itself
 * cannot succeed as it is (authorization refused, no DNS-01 solver…).
 */
export class IssuanceError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'IssuanceError';
  }
}

/** One way of obtaining Let's Encrypt certificates (per runtime). */
export interface CertificateIssuer {
  readonly mode: IssuanceMode;
  /** Orders (or follows the order of) the certificate of `row`; idempotent, safe to call again. */
  issue(row: CertificateRow): Promise<IssueOutcome>;
  /** Removes what the issuer left outside the database (cluster objects). */
  remove?(row: CertificateRow): Promise<void>;
}
