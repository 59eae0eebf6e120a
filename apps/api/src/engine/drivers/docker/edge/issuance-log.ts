import { edgeIssuanceTexts } from '@nuage/shared/messages/runtime';
/**
 * What the edge proxy's own log says about the certificates it orders by ACME. Caddy (certmagic)
 * writes one JSON object per line; for each identifier (host name) the lines that matter are:
 *   tls.obtain        "certificate obtained successfully"          → issued
 *   http.acme_client  "challenge failed" / "validating authorization" → the authority's problem
 *                     (problem_type urn:ietf:params:acme:error:*, and its detail in `error`)
 *   tls.obtain        "could not get certificate from issuer"      → this attempt failed
 * Caddy retries on its own (1 min, then longer); the platform only reads and reports.
 */

export interface IssuanceFailure {
  /** When the last attempt failed. */
  at: Date;
  /** The authority's problem type (`connection`, `dns`, `unauthorized`…), when it gave one. */
  problem: string | null;
  /** The error text as logged (English, from the authority or the network). */
  detail: string;
}

interface LogLine {
  ts?: number;
  logger?: string;
  msg?: string;
  identifier?: string;
  problem_type?: string;
  error?: string;
}

/** Per host: the last failure not followed by a success (hosts issued since are absent). */
export function issuanceFailures(log: string): Map<string, IssuanceFailure> {
  const failures = new Map<string, IssuanceFailure>();
  // The authority's last problem for a host: more telling than certmagic's final summary
  // ("no solvers available for remaining challenges" once HTTP-01 was refused).
  const problems = new Map<string, { problem: string | null; detail: string }>();
  for (const text of log.split('\n')) {
    if (!text.startsWith('{')) continue;
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      continue;
    }
    const host = line.identifier?.toLowerCase();
    if (!host) continue;
    if (line.msg === 'certificate obtained successfully') {
      failures.delete(host);
      problems.delete(host);
    } else if (line.msg === 'challenge failed' || line.msg === 'validating authorization') {
      const type =
        line.problem_type ?? /urn:ietf:params:acme:error:(\w+)/.exec(line.error ?? '')?.[0];
      problems.set(host, {
        problem: type ? type.replace('urn:ietf:params:acme:error:', '') : null,
        // "authorization failed: HTTP 400 urn:…:connection - <detail>": the detail alone.
        detail: (line.error ?? '').replace(/^.*?urn:ietf:params:acme:error:\w+ - /, ''),
      });
    } else if (line.msg === 'could not get certificate from issuer') {
      const known = problems.get(host);
      failures.set(host, {
        at: new Date((line.ts ?? 0) * 1000),
        problem: known?.problem ?? null,
        detail: known?.detail || (line.error ?? ''),
      });
    }
  }
  return failures;
}

const MAX_DETAIL = 240;

/** Why the certificate of `host` could not be obtained, as one French sentence. */
export function failureReason(host: string, failure: IssuanceFailure): string {
  const detail = failure.detail.replace(/\s+/g, ' ').trim();
  const quoted = detail
    ? edgeIssuanceTexts.authorityAnswer(
        detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL)}…` : detail,
      )
    : '';
  const unresolved = /could not resolve|no such host|NXDOMAIN|no valid A records/i.test(detail);
  switch (failure.problem) {
    case 'dns':
    case 'connection':
      if (unresolved || failure.problem === 'dns')
        return edgeIssuanceTexts.unresolved(host) + quoted;
      return edgeIssuanceTexts.unreachable(host) + quoted;
    case 'unauthorized':
      return edgeIssuanceTexts.unauthorized(host) + quoted;
    case 'rateLimited':
      return edgeIssuanceTexts.rateLimited(host) + quoted;
    case 'rejectedIdentifier':
    case 'caa':
      return edgeIssuanceTexts.refusedName(host) + quoted;
    default:
      if (/directory|dial tcp|x509|certificate signed by unknown authority|timeout/i.test(detail))
        return edgeIssuanceTexts.directoryUnreachable + quoted;
      return edgeIssuanceTexts.refused + quoted;
  }
}
