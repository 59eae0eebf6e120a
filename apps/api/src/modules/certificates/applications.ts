import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { FieldValidationError } from '../../lib/errors';
import { namesCover } from './domains';
import { certificateTexts } from '@nuage/shared/messages/certificates';

/** Applications that reference the certificate, including those being deleted (the FK does too). */
export async function applicationsUsing(db: Executor, certificateId: string) {
  return db
    .select({ id: deployments.id, nom: deployments.nom, domain: deployments.domain })
    .from(deployments)
    .where(eq(deployments.certificateId, certificateId))
    .orderBy(asc(deployments.nom));
}

/** A replacement certificate must keep serving every application that uses it. */
export function checkStillCovers(
  apps: { nom: string; domain: string | null }[],
  dnsNames: string[],
) {
  const uncovered = apps.find((a) => a.domain !== null && !namesCover(dnsNames, a.domain));
  if (uncovered) {
    throw new FieldValidationError([
      {
        loc: ['body', 'contenu_certificat'],
        msg: m.stillCoversApplications(uncovered.domain!, uncovered.nom),
        type: 'domain_mismatch',
      },
    ]);
  }
}

/** « Blog », « Boutique » et 2 autre(s): names for a French sentence. */
export function applicationNames(apps: { nom: string }[]): string {
  const quoted = apps.slice(0, 3).map((a) => `« ${a.nom} »`);
  const more = apps.length - quoted.length;
  return certificateTexts.applicationList(quoted, more);
}
