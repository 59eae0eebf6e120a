import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { certificates } from '../../db/schema/certificates';
import { decryptSecret } from '../../lib/crypto';
import type { CertificateLookup } from '../specs/spec-for-deployment';

/**
 * The engine's view of certificates: the PEMs an application's TLS Secret needs, or null while
 * none is issued yet (the application is then served without TLS until the order completes and
 * refreshApplicationsUsing makes it due again). The engine reads the table itself: the
 * certificates module writes it, and the engine never imports a module.
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
    const privateKeyPem = row?.sealed ? decryptSecret(secretsKey, row.sealed) : null;
    if (!row?.certificatePem || !privateKeyPem) return null;
    return { certificatePem: row.certificatePem, privateKeyPem };
  };
}
