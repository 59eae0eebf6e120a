import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { certificates } from '../../db/schema/certificates';
import { conflict } from '../../lib/errors';
import { applicationNames, applicationsUsing } from './applications';
import { issuerFor } from './issuers/select';
import { authorizeCertificate, type CertificateRow } from './policy';

/** PostgreSQL foreign_key_violation (the deployments → certificates reference). */
function isForeignKeyViolation(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (e.code === '23503') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * DELETE /certificates/{id}: refused (409) while an application uses it. The reference has no
 * cascade, so an application attached between the check and the delete still stops it.
 */
export async function deleteCertificate(
  ctx: AppContext,
  input: { certificateId: string; userId: string },
) {
  const row = await authorizeCertificate(ctx.db, { ...input, need: 'developer' });
  const apps = await applicationsUsing(ctx.db, row.id);
  if (apps.length > 0) throw conflict(m.inUse(applicationNames(apps)));
  try {
    await ctx.db.delete(certificates).where(eq(certificates.id, row.id));
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    throw conflict(m.inUse(applicationNames(await applicationsUsing(ctx.db, row.id))));
  }
  ctx.log.info({ certificateId: row.id }, 'certificate deleted');
  if (row.issuance === 'cert-manager' && ctx.engine.runtime === 'kubernetes')
    await removeClusterObjects(ctx, row);
}

/** Best effort: the row is gone either way; what is left is labelled with the certificate id. */
async function removeClusterObjects(ctx: AppContext, row: CertificateRow) {
  try {
    await issuerFor(ctx).remove?.(row);
  } catch (err) {
    ctx.log.warn({ err, certificateId: row.id }, 'cert-manager objects not removed');
  }
}
