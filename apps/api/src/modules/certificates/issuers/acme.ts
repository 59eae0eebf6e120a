import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import * as acme from 'acme-client';
import type { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import type { CertificateConfig } from '../../../config';
import type { Database } from '../../../db/client';
import { acmeChallenges } from '../../../db/schema/certificates';
import { orderedNames } from '../domains';
import type { CertificateRow } from '../policy';
import { acmeAccount, saveAccountUrl } from './acme-account';
import { acmeHttpsAgent, configureAcmeHttp } from './acme-trust';
import { httpreqProvider, type Dns01Provider } from './dns01';
import { IssuanceError, type CertificateIssuer } from './types';
import { issuanceTexts } from '@nuage/shared/messages/certificates';

export interface AcmeIssuerDeps {
  db: Database;
  secretsKey: Buffer;
  config: CertificateConfig;
  /** acme-client's polling of challenges and orders (tests shorten it). */
  backoff?: { attempts: number; minMs: number; maxMs: number };
  dns01?: Dns01Provider;
  /**
   * Publishes the pending HTTP-01 answers where the authority connects, when that is not this
   * API (docker: the edge proxy on port 80, RuntimeDriver.challengesChanged).
   */
  challengesChanged?: () => Promise<void>;
}

/** ACME_DIRECTORY_URL, else Let's Encrypt production or staging per the certificate's test mode. */
export function directoryFor(config: CertificateConfig, staging: boolean): string {
  return (
    config.acmeDirectoryUrl ??
    (staging ? acme.directory.letsencrypt.staging : acme.directory.letsencrypt.production)
  );
}

/** How long an HTTP-01 answer stays published: past it, the order has failed anyway. */
const CHALLENGE_TTL_MS = 60 * 60_000;
/** The authority's HTTPS certificate is not trusted (a private authority: TLS_EXTRA_CA_FILE). */
const UNTRUSTED_CODES = new Set([
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/**
 * The platform orders the certificate itself with acme-client (RFC 8555): account (reused),
 * order, one challenge per name, finalize with a CSR of a fresh key, download. HTTP-01 answers
 * are stored in acme_challenges, so whichever API process the authority reaches serves them
 * at /.well-known/acme-challenge/{token}, and on docker the edge proxy (which owns port 80)
 * serves them too, reloaded before the authority is asked to validate and after cleanup; a
 * wildcard uses DNS-01 through the configured provider.
 */
export function acmeIssuer(deps: AcmeIssuerDeps): CertificateIssuer {
  const dns01 = deps.dns01 ?? (deps.config.dns01 ? httpreqProvider(deps.config.dns01) : undefined);
  // TLS_EXTRA_CA_FILE: the directory may be a private authority's (read once, at start).
  const agent = acmeHttpsAgent(deps.config.extraTrustedCaFile);
  return {
    mode: 'acme',
    async issue(row) {
      if (row.wildcard && !dns01) throw new IssuanceError(m.wildcardNeedsDns01, false);
      try {
        return { kind: 'issued', ...(await order(deps, row, dns01, agent)) };
      } catch (error) {
        if (error instanceof IssuanceError) throw error;
        throw asIssuanceError(error);
      }
    },
  };
}

async function order(
  deps: AcmeIssuerDeps,
  row: CertificateRow,
  dns01: Dns01Provider | undefined,
  agent: Agent | undefined,
) {
  const directoryUrl = directoryFor(deps.config, row.staging);
  const email = row.acmeEmail ?? '';
  const account = await acmeAccount(deps.db, deps.secretsKey, directoryUrl, email);
  const client = configureAcmeHttp(
    new acme.Client({
      directoryUrl,
      accountKey: account.accountKey,
      ...(account.accountUrl ? { accountUrl: account.accountUrl } : {}),
      ...(deps.backoff
        ? {
            backoffAttempts: deps.backoff.attempts,
            backoffMin: deps.backoff.minMs,
            backoffMax: deps.backoff.maxMs,
          }
        : {}),
    }),
    agent,
  );
  const names = orderedNames(row.domain, row.wildcard);
  // A new key at every order: a renewal never reuses the previous key.
  const [privateKey, csr] = await acme.crypto.createCsr(
    { ...(names[0]!.length <= 64 ? { commonName: names[0] } : {}), altNames: names },
    await acme.crypto.createPrivateEcdsaKey(),
  );
  const certificatePem = await client.auto({
    csr,
    email,
    termsOfServiceAgreed: true,
    // The authority checks anyway; checking first from here needs the platform to reach its own
    // public address (often impossible behind NAT) and would only delay the order.
    skipChallengeVerification: true,
    challengePriority: row.wildcard ? ['dns-01'] : ['http-01'],
    challengeCreateFn: async (authz, challenge, keyAuthorization) => {
      if (challenge.type === 'dns-01') {
        await dns01!.present(`_acme-challenge.${authz.identifier.value}.`, keyAuthorization);
        await new Promise((resolve) => setTimeout(resolve, dns01!.propagationMs));
        return;
      }
      const token = (challenge as { token: string }).token;
      const values = {
        keyAuthorization,
        certificateId: row.id,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      };
      await deps.db
        .insert(acmeChallenges)
        .values({ token, ...values })
        .onConflictDoUpdate({ target: acmeChallenges.token, set: values });
      await publishAnswers(deps);
    },
    challengeRemoveFn: async (authz, challenge, keyAuthorization) => {
      if (challenge.type === 'dns-01')
        return dns01!.cleanup(`_acme-challenge.${authz.identifier.value}.`, keyAuthorization);
      await deps.db
        .delete(acmeChallenges)
        .where(eq(acmeChallenges.token, (challenge as { token: string }).token));
      // A failed reload here loses nothing: the answer left in the proxy expires with its row
      // and goes at the next reload (acme-client ignores cleanup errors anyway).
      await deps.challengesChanged?.();
    },
  });
  if (!account.accountUrl) await saveAccountUrl(deps.db, account.id, client.getAccountUrl());
  return { certificatePem, privateKeyPem: privateKey.toString() };
}

/** The answer must be served before acme-client asks the authority to validate it. */
async function publishAnswers(deps: AcmeIssuerDeps): Promise<void> {
  if (!deps.challengesChanged) return;
  try {
    await deps.challengesChanged();
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    throw new IssuanceError(issuanceTexts.challengeUnpublished(detail), true, { cause: error });
  }
}

/** The authority's own words (RFC 7807 detail) behind a French sentence. */
function asIssuanceError(error: unknown): IssuanceError {
  const e = error as { code?: string; response?: { status?: number }; message?: string };
  const status = e.response?.status;
  const network =
    (e.code !== undefined && NETWORK_CODES.has(e.code)) ||
    status === 429 ||
    (status !== undefined && status >= 500);
  const detail = (e.message ?? String(error)).slice(0, 500);
  if (e.code !== undefined && UNTRUSTED_CODES.has(e.code)) {
    return new IssuanceError(issuanceTexts.authorityUntrusted(detail), false, { cause: error });
  }
  return new IssuanceError(
    network ? issuanceTexts.authorityUnreachable(detail) : issuanceTexts.orderFailed(detail),
    network,
    { cause: error },
  );
}
