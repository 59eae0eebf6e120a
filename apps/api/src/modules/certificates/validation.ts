import type { CertificateValidation } from '@nuage/shared/certificate-types';
import {
  certificateMessages as m,
  type ValidateCertificateInput,
} from '@nuage/shared/schemas/certificates';
import type { KeyObject } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { orderedNames, primaryName } from './domains';
import { inspectCertificate } from './inspect';
import { parsePrivateKey, PemError } from './pem';
import { authorizeCertificate } from './policy';
import { unsealKey } from './store';
import { trustStore } from './trust';

/**
 * POST /certificates/{id}/validate: SPEC §3's validation result for the certificate's own names
 * (a Let's Encrypt wildcard: `*.d` and `d`), or for the domain given in the body.
 */
export async function validateCertificate(
  ctx: AppContext,
  input: { certificateId: string; userId: string; data: ValidateCertificateInput },
): Promise<CertificateValidation> {
  const row = await authorizeCertificate(ctx.db, { ...input, need: 'user' });
  if (!row.certificatePem) {
    return {
      valid: false,
      domain_matches: false,
      not_expired: false,
      expires_in_days: null,
      issues: [row.lastError ?? m.notIssuedYet],
    };
  }
  const names = input.data?.nom_domaine
    ? [input.data.nom_domaine]
    : row.type === 'letsencrypt'
      ? orderedNames(row.domain, row.wildcard)
      : [primaryName(row.domain, row.wildcard)];
  return inspectCertificate({
    certificatePem: row.certificatePem,
    key: storedKey(ctx, row.privateKeySealed),
    names,
    trust: trustStore(ctx.config.certificates.extraTrustedCaFile),
    simulation: row.issuance === 'simulation',
  });
}

function storedKey(ctx: AppContext, sealed: string | null): KeyObject | null {
  const pem = unsealKey(ctx.secrets.secretsKey, sealed);
  if (!pem) return null;
  try {
    return parsePrivateKey(pem);
  } catch (error) {
    if (error instanceof PemError) return null;
    throw error;
  }
}
