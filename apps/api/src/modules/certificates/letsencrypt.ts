import type { Certificate } from '@nuage/shared/certificate-types';
import {
  certificateMessages as m,
  type LetsEncryptCertificateInput,
  type RenewCertificateInput,
} from '@nuage/shared/schemas/certificates';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { certificates } from '../../db/schema/certificates';
import { conflict, FieldValidationError } from '../../lib/errors';
import { authorizeProject } from '../projects/policy';
import { primaryName, splitWildcard } from './domains';
import { issuanceModeOf, wildcardSupported } from './issuers/select';
import { auditRefusedOrder, orderRefusal } from './orderable-names';
import { authorizeCertificate } from './policy';
import { presentCertificate } from './presenter';
import { certificateWorkDue } from './wake';

/**
 * POST /certificates/letsencrypt: the order is recorded 'En cours de renouvellement' and the
 * certificate worker places it (cert-manager, the platform's ACME client or the simulation
 * authority, per runtime). `*.exemple.sn` typed as the domain means a wildcard too. Only for a
 * name the project holds and has proved (orderable-names.ts); a refusal is audited.
 */
export async function requestLetsEncrypt(
  ctx: AppContext,
  input: { userId: string; data: LetsEncryptCertificateInput },
): Promise<Certificate> {
  const d = input.data;
  await authorizeProject(ctx.db, {
    projectId: d.projet_id,
    userId: input.userId,
    need: 'developer',
  });
  const typed = splitWildcard(d.nom_domaine);
  const wildcard = typed.wildcard || d.wildcard === true;
  // Only a name the project holds and has proved (orderable-names.ts).
  const order = { projectId: d.projet_id, domain: typed.domain, wildcard };
  const refusal = await orderRefusal(ctx, order);
  if (refusal) {
    await auditRefusedOrder(ctx, order, refusal);
    throw new FieldValidationError([
      { loc: ['body', 'nom_domaine'], msg: refusal.message, type: 'domain_not_held' },
    ]);
  }
  if (wildcard && !wildcardSupported(ctx)) {
    throw new FieldValidationError([
      { loc: ['body', 'wildcard'], msg: m.wildcardNeedsDns01, type: 'dns01_unavailable' },
    ]);
  }
  const [duplicate] = await ctx.db
    .select({ id: certificates.id })
    .from(certificates)
    .where(
      and(
        eq(certificates.projectId, d.projet_id),
        eq(certificates.type, 'letsencrypt'),
        eq(certificates.domain, typed.domain),
        eq(certificates.wildcard, wildcard),
        ne(certificates.status, 'Échec'),
        // What the edge proxy obtained on its own does not stop an order of the user's.
        eq(certificates.proxyManaged, false),
      ),
    )
    .limit(1);
  if (duplicate) throw conflict(m.duplicateOrder);
  const [row] = await ctx.db
    .insert(certificates)
    .values({
      projectId: d.projet_id,
      nom: d.nom ?? primaryName(typed.domain, wildcard),
      domain: typed.domain,
      wildcard,
      description: d.description || null,
      type: 'letsencrypt',
      status: 'En cours de renouvellement',
      acmeEmail: d.email,
      staging: d.staging === true,
      issuance: issuanceModeOf(ctx.engine.runtime),
      nextAttemptAt: new Date(),
      createdBy: input.userId,
    })
    .returning();
  ctx.log.info(
    { certificateId: row!.id, projectId: d.projet_id, issuance: row!.issuance },
    "let's encrypt certificate requested",
  );
  certificateWorkDue(ctx);
  return presentCertificate(row!);
}

/**
 * POST /certificates/{id}/renew: due now (the worker renews it; the stored certificate keeps
 * being served meanwhile). The optional body changes the contact e-mail or the test mode.
 */
export async function renewCertificate(
  ctx: AppContext,
  input: { certificateId: string; userId: string; data: RenewCertificateInput },
): Promise<Certificate> {
  const row = await authorizeCertificate(ctx.db, { ...input, need: 'developer' });
  if (row.type !== 'letsencrypt') throw conflict(m.renewCustom);
  if (row.proxyManaged) throw conflict(m.renewByProxy);
  // The name may have left the project since the order (domain removed, or withdrawn).
  const order = {
    projectId: row.projectId,
    domain: row.domain,
    wildcard: row.wildcard,
    certificateId: row.id,
  };
  const refusal = await orderRefusal(ctx, order);
  if (refusal) {
    await auditRefusedOrder(ctx, order, refusal);
    throw conflict(refusal.message);
  }
  const [updated] = await ctx.db
    .update(certificates)
    .set({
      status: 'En cours de renouvellement',
      nextAttemptAt: new Date(),
      attempts: 0,
      lastError: null,
      ...(input.data?.email ? { acmeEmail: input.data.email } : {}),
      ...(input.data?.staging !== undefined ? { staging: input.data.staging } : {}),
      updatedAt: new Date(),
    })
    .where(eq(certificates.id, row.id))
    .returning();
  ctx.log.info({ certificateId: row.id }, 'certificate renewal requested');
  certificateWorkDue(ctx);
  return presentCertificate(updated!);
}
