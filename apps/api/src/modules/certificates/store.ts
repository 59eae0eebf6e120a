import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { certificates } from '../../db/schema/certificates';
import { deployments } from '../../db/schema/deployments';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { withEvent } from '../../db/deployment-events';
import type { CertificateMaterial } from './material';
import { certificateTexts } from '@nuage/shared/messages/certificates';

/** The columns a certificate's material fills; the key is sealed before it reaches the row. */
export function materialColumns(secretsKey: Buffer, material: CertificateMaterial) {
  return {
    certificatePem: material.certificatePem,
    privateKeySealed: encryptSecret(secretsKey, material.privateKeyPem),
    expiresAt: material.expiresAt,
    notBefore: material.notBefore,
    issuer: material.issuer,
    subjectAltNames: material.dnsNames,
  } satisfies Partial<typeof certificates.$inferInsert>;
}

export function unsealKey(secretsKey: Buffer, sealed: string | null): string | null {
  return sealed === null ? null : decryptSecret(secretsKey, sealed);
}

/**
 * A certificate's content changed (renewed, replaced): every application using it is due again,
 * so the engine writes the new PEMs into its TLS Secret (Ingress on Kubernetes).
 */
export async function refreshApplicationsUsing(
  db: Executor,
  certificateId: string,
): Promise<number> {
  const rows = await db
    .update(deployments)
    .set({
      generation: sql`${deployments.generation} + 1`,
      nextAttemptAt: new Date(),
      attempts: 0,
      updatedAt: new Date(),
      events: withEvent(certificateTexts.updatedEvent),
    })
    .where(
      and(eq(deployments.certificateId, certificateId), eq(deployments.desiredState, 'present')),
    )
    .returning({ id: deployments.id });
  return rows.length;
}

export async function certificateRow(db: Executor, id: string) {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row;
}
