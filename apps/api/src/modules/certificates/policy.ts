import type { ProjectRole } from '@nuage/shared/roles';
import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { certificates } from '../../db/schema/certificates';
import { DomainError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { authorizeProject } from '../projects/policy';

export type CertificateRow = typeof certificates.$inferSelect;

/**
 * The certificate and the caller's right on its project: members see it, developers and admins
 * manage it; a non-member gets the same 404 as for an id that names nothing.
 */
export async function authorizeCertificate(
  db: Executor,
  opts: { certificateId: string; userId: string; need: ProjectRole },
): Promise<CertificateRow> {
  if (!isUuid(opts.certificateId)) throw notFound(m.notFound);
  const [row] = await db.select().from(certificates).where(eq(certificates.id, opts.certificateId));
  if (!row) throw notFound(m.notFound);
  try {
    await authorizeProject(db, { projectId: row.projectId, userId: opts.userId, need: opts.need });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') throw notFound(m.notFound);
    throw error;
  }
  return row;
}
