import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { certificates } from '../../db/schema/certificates';
import type { deployments } from '../../db/schema/deployments';
import { releases } from '../../db/schema/releases';

type DeploymentRow = typeof deployments.$inferSelect;

/**
 * What the application page names instead of showing ids (issue 33 item 6): the attached
 * certificate's name, and, for a code application, the commit and branch of the release that
 * serves (its image is an internal `nuage-builds/<id>` reference nobody recognises).
 */
export async function detailNamesOf(
  db: Executor,
  row: DeploymentRow,
): Promise<Pick<DeploymentDetail, 'certificat_tls' | 'version_en_ligne'>> {
  const [certificate] = row.certificateId
    ? await db
        .select({ id: certificates.id, nom: certificates.nom, domaine: certificates.domain })
        .from(certificates)
        .where(eq(certificates.id, row.certificateId))
    : [];
  const [release] = row.currentReleaseId
    ? await db
        .select({
          numero: releases.numero,
          commit_sha: releases.commitSha,
          commit_message: releases.commitMessage,
          branche: releases.branch,
        })
        .from(releases)
        .where(and(eq(releases.id, row.currentReleaseId), eq(releases.deploymentId, row.id)))
    : [];
  return { certificat_tls: certificate ?? null, version_en_ligne: release ?? null };
}
