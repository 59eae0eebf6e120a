import { eq } from 'drizzle-orm';
import { X509Certificate } from 'node:crypto';
import { certificates } from '../../src/db/schema/certificates';
import { encryptSecret } from '../../src/lib/crypto';
import type { TestApp } from '../helpers/test-app';

/**
 * A custom certificate row written straight to the database, as one uploaded long ago would be
 * now (expired since, or with a key that no longer matches): uploads refuse both today.
 */
export async function insertStoredCertificate(
  t: TestApp,
  opts: { projectId: string; certPem: string; keyPem: string; domain: string; wildcard?: boolean },
): Promise<string> {
  const leaf = new X509Certificate(opts.certPem);
  const [row] = await t.database.db
    .insert(certificates)
    .values({
      projectId: opts.projectId,
      nom: `Ancien ${opts.domain}`,
      domain: opts.domain,
      wildcard: opts.wildcard ?? false,
      type: 'custom',
      status: 'Actif',
      certificatePem: opts.certPem,
      privateKeySealed: encryptSecret(t.secrets.secretsKey, opts.keyPem),
      expiresAt: new Date(leaf.validTo),
      notBefore: new Date(leaf.validFrom),
      issuer: 'test',
      subjectAltNames: (leaf.subjectAltName ?? '')
        .split(', ')
        .filter((s) => s.startsWith('DNS:'))
        .map((s) => s.slice(4)),
    })
    .returning({ id: certificates.id });
  return row!.id;
}

export async function certificateRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(certificates).where(eq(certificates.id, id));
  return row!;
}

/** Moves a certificate's dates as if `ms` had passed (renewal due, expiry reached…). */
export async function setCertificateDates(
  t: TestApp,
  id: string,
  values: { expiresAt?: Date; nextAttemptAt?: Date | null },
) {
  await t.database.db.update(certificates).set(values).where(eq(certificates.id, id));
}

/** fr-FR long date in UTC, written independently of the code under test. */
export const frDate = (d: Date) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(d);
