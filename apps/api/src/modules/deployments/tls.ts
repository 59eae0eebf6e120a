import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { certificates } from '../../db/schema/certificates';
import { FieldValidationError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { namesCover, orderedNames } from '../certificates/domains';
import { effectiveStatus } from '../certificates/presenter';
import { deploymentErrorTexts } from '@nuage/shared/messages/deployments';

export interface ResolvedCertificate {
  id: string;
}

export const CERTIFICATE_NOT_FOUND = deploymentErrorTexts.certificateNotFound;

const refuse = (msg: string, type: string) =>
  new FieldValidationError([{ loc: ['body', 'certificat_tls_id'], msg, type }]);

/**
 * The TLS certificate an application asks for: one of the same project, neither expired nor
 * failed, covering the application's domain (subjectAltName and wildcard rules). A Let's
 * Encrypt certificate still being ordered is accepted for the names it was ordered for; the
 * application is served over TLS as soon as it is issued.
 */
export async function resolveCertificate(
  ctx: AppContext,
  input: { certificateId: string | null; projectId: string; domain: string | null },
): Promise<ResolvedCertificate | null> {
  if (!input.certificateId) return null;
  if (!isUuid(input.certificateId)) throw refuse(CERTIFICATE_NOT_FOUND, 'not_found');
  const [row] = await ctx.db
    .select()
    .from(certificates)
    .where(
      and(eq(certificates.id, input.certificateId), eq(certificates.projectId, input.projectId)),
    );
  if (!row) throw refuse(CERTIFICATE_NOT_FOUND, 'not_found');
  if (!input.domain) throw refuse(m.domainRequiredWithCertificate, 'domain_required');
  // A renewal running past the expiry date does not make the stored certificate usable.
  const expired = row.expiresAt !== null && row.expiresAt.getTime() < Date.now();
  const status = expired ? 'Expiré' : effectiveStatus(row);
  if (status === 'Expiré' || status === 'Échec')
    throw refuse(m.certificateUnusable(status), 'unusable');
  const names = row.certificatePem ? row.subjectAltNames : orderedNames(row.domain, row.wildcard);
  if (!namesCover(names, input.domain))
    throw refuse(m.domainNotCovered(input.domain, names.join(', ')), 'domain_mismatch');
  return { id: row.id };
}
