import {
  domainOwnershipTexts as t,
  verificationRecordName,
  verificationRecordValue,
  type DnsHelp,
  type DomainOwnership,
  type DomainProof,
} from '@nuage/shared/dns-help';
import { normaliseDomain } from '@nuage/shared/schemas/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { recordAudit } from '../audit/record';
import { withEvent } from '../deployments/events';

type DeploymentRow = typeof deployments.$inferSelect;

/**
 * The proof of control of a custom domain (issue 24). A claim alone routes nothing: the
 * application is served at its domain only once the name's owner showed, in the name's own
 * DNS, that it is this application's:
 *   - an alias (CNAME) of the domain to the application's own platform host
 *     `<label>.<APPS_DOMAIN>`, which no other application has; or
 *   - the TXT record `_nuage-verification.<domain>` holding this application's token.
 * An A/AAAA record to the platform's address proves nothing: that address is every tenant's
 * (the ingress, the edge proxy), so a record left pointing there by a former customer, or set
 * up before its owner claimed the name, would hand the name to whoever claims it first. So a
 * name that resolves anywhere but to this application's own host, the platform's shared
 * address included, or not at all, needs the TXT token.
 */
export async function domainOwnership(
  ctx: AppContext,
  row: DeploymentRow & { domain: string },
  found: { verification: DnsHelp['verification']; platformHostname: string | null },
): Promise<DomainOwnership> {
  const enregistrement = {
    type: 'TXT' as const,
    nom: verificationRecordName(row.domain),
    valeur: verificationRecordValue(row.domainToken),
  };
  if (row.domainVerifiedAt) {
    const proof = row.domainProof ?? 'existing';
    return {
      statut: 'verifie',
      preuve: proof,
      verifie_le: row.domainVerifiedAt.toISOString(),
      enregistrement,
      message: t.verifiedBy[proof](row.domain),
    };
  }
  const pending = (message: string): DomainOwnership => ({
    statut: 'en_attente',
    preuve: null,
    verifie_le: null,
    enregistrement,
    message,
  });
  const cname = found.verification.trouve.cname;
  let proof: DomainProof | null =
    cname && found.platformHostname && cname === normaliseDomain(found.platformHostname)
      ? 'cname'
      : null;
  if (!proof) {
    const records = await ctx.dns.txt(enregistrement.nom);
    if (records === null) return pending(t.txtUnavailable);
    if (records.some((r) => r.trim() === enregistrement.valeur)) proof = 'txt';
    else {
      const pointsAtPlatform = found.verification.statut === 'correct' ? ` ${t.sharedAddress}` : '';
      return pending(
        `${records.length ? t.txtWrong(enregistrement.nom) : t.txtMissing(enregistrement.nom)}${pointsAtPlatform}`,
      );
    }
  }
  const verifiedAt = await markVerified(ctx, row, proof);
  if (!verifiedAt) return pending(t.txtUnavailable);
  return {
    statut: 'verifie',
    preuve: proof,
    verifie_le: verifiedAt.toISOString(),
    enregistrement,
    message: t.justVerified(row.domain),
  };
}

/**
 * Records the proof, once, for the domain the application still claims (an edit meanwhile
 * starts a new claim), and asks the engine to serve it now: a new generation, so every
 * runtime applies the domain's route, Ingress and certificate.
 */
async function markVerified(
  ctx: AppContext,
  row: DeploymentRow & { domain: string },
  proof: DomainProof,
): Promise<Date | null> {
  const now = new Date();
  const [updated] = await ctx.db
    .update(deployments)
    .set({
      domainVerifiedAt: now,
      domainProof: proof,
      generation: sql`${deployments.generation} + 1`,
      nextAttemptAt: now,
      attempts: 0,
      updatedAt: now,
      events: withEvent(t.verifiedEvent(row.domain)),
    })
    .where(
      and(
        eq(deployments.id, row.id),
        eq(deployments.domain, row.domain),
        eq(deployments.desiredState, 'present'),
        isNull(deployments.domainVerifiedAt),
      ),
    )
    .returning({ verifiedAt: deployments.domainVerifiedAt });
  if (!updated) {
    // Verified by a concurrent check, or the domain changed meanwhile: read what holds now.
    const [current] = await ctx.db
      .select({ verifiedAt: deployments.domainVerifiedAt, domain: deployments.domain })
      .from(deployments)
      .where(eq(deployments.id, row.id));
    return current?.domain === row.domain ? (current.verifiedAt ?? null) : null;
  }
  await recordAudit(ctx.db, {
    projectId: row.projectId,
    action: 'deployment.domain_verified',
    target: { type: 'deployment', id: row.id, name: row.nom },
    details: { domaine: row.domain, preuve: proof },
  }).catch((err: unknown) => ctx.log.error({ err }, 'audit entry not recorded'));
  ctx.log.info({ deploymentId: row.id, domain: row.domain, proof }, 'custom domain verified');
  ctx.engine.wake();
  return updated.verifiedAt;
}
