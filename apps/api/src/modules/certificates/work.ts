import { emitQuietly } from '../../db/notification-events';
import type { CertificateStatus } from '@nuage/shared/certificate-types';
import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { certificates } from '../../db/schema/certificates';
import { FieldValidationError } from '../../lib/errors';
import { namesCover, orderedNames } from './domains';
import { projectHoldsDomain } from './orderable-names';
import { IssuanceError, type CertificateIssuer, type IssueOutcome } from './issuers/types';
import { checkedMaterial } from './material';
import { parseCertificateChain, parsePrivateKey, PemError } from './pem';
import type { CertificateRow } from './policy';
import { FOLLOW_TIMEOUT_MS, MAX_FIRST_ORDER_ATTEMPTS, renewalAt, retryDelayMs } from './schedule';
import { materialColumns, refreshApplicationsUsing } from './store';
import { issuanceTexts } from '@nuage/shared/messages/certificates';

export interface WorkDeps {
  db: Database;
  secretsKey: Buffer;
  issuer: CertificateIssuer;
  /** The worker's lease owner: results are written only while the lease is still ours. */
  owner: string;
  log: FastifyBaseLogger;
  /** Applications were made due again (the engine should look now). */
  applicationsChanged(): void;
}

/**
 * One ordering or renewal step of a claimed Let's Encrypt certificate. SPEC §4: the status is
 * 'En cours de renouvellement' while the order runs; 'Actif' once issued; on failure the stored
 * certificate (if any) keeps being served ('Actif', or 'Expiré' past its date) and the attempt
 * is repeated later; a first order that cannot succeed ends 'Échec' until someone asks again.
 */
export async function processCertificate(deps: WorkDeps, claimed: CertificateRow): Promise<void> {
  let row = claimed;
  // Never ordered for a name the project no longer holds (or an order placed before orders
  // were limited to proved names: orderable-names.ts); a stored certificate is kept as it is.
  if (!(await projectHoldsDomain(deps.db, row.projectId, row.domain))) {
    return failed(deps, row, new IssuanceError(m.noLongerHeld(row.domain), false));
  }
  if (row.status !== 'En cours de renouvellement') {
    const now = new Date();
    await write(deps, row, { status: 'En cours de renouvellement', updatedAt: now });
    row = { ...row, status: 'En cours de renouvellement', updatedAt: now };
  }
  let outcome: IssueOutcome;
  try {
    outcome = await deps.issuer.issue(row);
  } catch (error) {
    if (!(error instanceof IssuanceError))
      deps.log.error({ err: error, certificateId: row.id }, 'certificate issuer crashed');
    const failure =
      error instanceof IssuanceError
        ? error
        : new IssuanceError(issuanceTexts.internal, true, {
            cause: error,
          });
    return failed(deps, row, failure);
  }
  if (outcome.kind === 'waiting') {
    if (Date.now() - row.updatedAt.getTime() > FOLLOW_TIMEOUT_MS) {
      return failed(deps, row, new IssuanceError(issuanceTexts.timedOut, true));
    }
    // updatedAt is left alone: it dates the start of this order, for the timeout above.
    await write(deps, row, {
      nextAttemptAt: new Date(Date.now() + outcome.retryInMs),
      issuance: deps.issuer.mode,
    });
    return;
  }
  return issued(deps, row, outcome);
}

async function issued(
  deps: WorkDeps,
  row: CertificateRow,
  outcome: { certificatePem: string; privateKeyPem: string },
) {
  let material;
  try {
    material = checkedMaterial(
      parseCertificateChain(outcome.certificatePem),
      parsePrivateKey(outcome.privateKeyPem),
    );
  } catch (error) {
    if (!(error instanceof PemError || error instanceof FieldValidationError)) throw error;
    const detail =
      error instanceof PemError ? error.message : error.issues.map((i) => i.msg).join(' ');
    return failed(deps, row, new IssuanceError(issuanceTexts.unusable(detail), false));
  }
  const missing = orderedNames(row.domain, row.wildcard).filter(
    (name) => !namesCover(material.dnsNames, name),
  );
  if (missing.length > 0) {
    return failed(
      deps,
      row,
      new IssuanceError(issuanceTexts.missingNames(missing.join(', ')), false),
    );
  }
  const stored = await write(deps, row, {
    ...materialColumns(deps.secretsKey, material),
    status: 'Actif',
    issuance: deps.issuer.mode,
    attempts: 0,
    lastError: null,
    nextAttemptAt: renewalAt(material.notBefore, material.expiresAt),
    updatedAt: new Date(),
  });
  if (!stored) return;
  deps.log.info(
    {
      certificateId: row.id,
      expiresAt: material.expiresAt.toISOString(),
      issuance: deps.issuer.mode,
    },
    'certificate issued',
  );
  if ((await refreshApplicationsUsing(deps.db, row.id)) > 0) deps.applicationsChanged();
}

async function failed(deps: WorkDeps, row: CertificateRow, error: IssuanceError) {
  const now = new Date();
  const attempts = row.attempts + 1;
  const retryAt = new Date(now.getTime() + retryDelayMs(attempts));
  let status: CertificateStatus;
  let nextAttemptAt: Date | null = retryAt;
  if (row.certificatePem) {
    status = row.expiresAt && row.expiresAt.getTime() < now.getTime() ? 'Expiré' : 'Actif';
  } else if (error.retryable && attempts < MAX_FIRST_ORDER_ATTEMPTS) {
    status = 'En cours de renouvellement';
  } else {
    status = 'Échec';
    nextAttemptAt = null;
  }
  deps.log.warn(
    {
      certificateId: row.id,
      attempts,
      reason: error.message,
      retryAt: nextAttemptAt?.toISOString() ?? null,
    },
    'certificate order failed',
  );
  const written = await write(deps, row, {
    status,
    attempts,
    lastError: error.message,
    nextAttemptAt,
    issuance: deps.issuer.mode,
    updatedAt: now,
  });
  // The order is given up: the project hears it once (issue 27).
  if (written && status === 'Échec')
    await emitQuietly(deps.db, deps.log, {
      projectId: row.projectId,
      type: 'certificate.failed',
      link: '/certificates',
      params: { domaine: row.domain, raison: error.message },
    });
}

/** Writes only while the lease is ours: a process that lost it must not overwrite a newer result. */
async function write(
  deps: WorkDeps,
  row: CertificateRow,
  values: Partial<typeof certificates.$inferInsert>,
): Promise<boolean> {
  const updated = await deps.db
    .update(certificates)
    .set(values)
    .where(and(eq(certificates.id, row.id), eq(certificates.leaseOwner, deps.owner)))
    .returning({ id: certificates.id });
  return updated.length > 0;
}
