import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { certificates } from '../../db/schema/certificates';
import type { CertificateLookup } from '../../engine/spec-for-deployment';
import { unsealKey } from './store';

/**
 * The engine's view of certificates: the PEMs an application's TLS Secret needs, or null while
 * none is issued yet (the application is then served without TLS until the order completes and
 * refreshApplicationsUsing makes it due again).
 */
export function certificateLookup(db: Database, secretsKey: Buffer): CertificateLookup {
  return async (certificateId) => {
    const [row] = await db
      .select({
        certificatePem: certificates.certificatePem,
        sealed: certificates.privateKeySealed,
      })
      .from(certificates)
      .where(eq(certificates.id, certificateId));
    const privateKeyPem = row ? unsealKey(secretsKey, row.sealed) : null;
    if (!row?.certificatePem || !privateKeyPem) return null;
    return { certificatePem: row.certificatePem, privateKeyPem };
  };
}
