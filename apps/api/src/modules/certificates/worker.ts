import { EXPIRY_WARNING_DAYS, warnExpiringCertificates } from './expiry-warnings';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { AppContext } from '../../app-context';
import { acmeChallenges, certificates } from '../../db/schema/certificates';
import { SAFETY_POLL_MS, WorkLoop } from '../../lib/work-loop';
import type { AcmeIssuerDeps } from './issuers/acme';
import { issuerFor } from './issuers/select';
import type { CertificateIssuer } from './issuers/types';
import { onCertificateWork } from './wake';
import { proxyCertificateWatch } from './proxy-watch';
import { processCertificate } from './work';

export interface CertificateWorkerOptions {
  /**
   * The longest sleep when nobody wakes the worker (default SAFETY_POLL_MS: orders and renewals
   * are due at known times, and a request of this process wakes it for a new one).
   */
  pollMs?: number;
  /** How long a claim lasts: an ACME order (challenges, polling) takes minutes at worst. */
  leaseMs?: number;
  batchSize?: number;
  /** The runtime's issuer by default (cert-manager, ACME or simulation). */
  issuer?: CertificateIssuer;
  acmeBackoff?: AcmeIssuerDeps['backoff'];
}

/**
 * Orders and renews Let's Encrypt certificates, and marks expired ones. State lives in the
 * certificates table: a certificate is due when next_attempt_at has passed (a new order, a
 * renewal asked for, or the renewal date set at issuance: no call is needed for it). Work is
 * claimed like the engine's reconciler: `FOR UPDATE SKIP LOCKED` in a short transaction that
 * sets a lease (owner + expiry), then the network calls run outside any transaction; several
 * API processes share the work and a killed process's claims expire.
 */
export class CertificateWorker {
  readonly owner = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}-certificats`;
  private readonly issuer: CertificateIssuer;
  private readonly loop: WorkLoop;
  /** Docker runtime: what the edge proxy serves for custom domains, read back. */
  private readonly proxyWatch: WorkLoop | null;
  private readonly leaseMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly ctx: AppContext,
    opts: CertificateWorkerOptions = {},
  ) {
    this.issuer =
      opts.issuer ?? issuerFor(ctx, opts.acmeBackoff ? { acmeBackoff: opts.acmeBackoff } : {});
    this.loop = new WorkLoop(() => this.tick(), {
      pollMs: opts.pollMs ?? SAFETY_POLL_MS,
      log: ctx.log,
      failure: 'certificate worker pass failed',
      nextDueMs: () => this.nextDueMs(),
      // An order that stays due (its issuer failing before it says when to retry) is looked at
      // again every 30 s, as when this worker polled.
      minIdleMs: 30_000,
    });
    this.proxyWatch = proxyCertificateWatch(ctx);
    this.leaseMs = opts.leaseMs ?? 10 * 60_000;
    this.batchSize = opts.batchSize ?? 4;
  }

  start() {
    this.loop.start();
    this.proxyWatch?.start();
  }

  async stop() {
    await this.loop.stop();
    await this.proxyWatch?.stop();
  }

  wake() {
    this.loop.wake();
  }

  /** One pass: expired certificates are marked, then a batch of due orders is worked on. */
  async tick(): Promise<number> {
    await this.markExpired();
    await warnExpiringCertificates(this.ctx.db, this.ctx.log);
    const claimed = await this.claim();
    await Promise.all(
      claimed.map((row) =>
        processCertificate(
          {
            db: this.ctx.db,
            secretsKey: this.ctx.secrets.secretsKey,
            issuer: this.issuer,
            owner: this.owner,
            log: this.ctx.log,
            applicationsChanged: () => this.ctx.engine.wake(),
          },
          row,
        )
          .catch((err: unknown) =>
            this.ctx.log.error({ err, certificateId: row.id }, 'certificate work failed'),
          )
          .finally(() => this.release(row.id)),
      ),
    );
    return claimed.length;
  }

  /** Passes until nothing is due now (tests; the server loop never uses it). */
  async runUntilIdle(maxPasses = 20): Promise<void> {
    for (let i = 0; i < maxPasses; i++) if ((await this.tick()) === 0) return;
  }

  /**
   * SPEC §4: 'Expiré' is set automatically once the date has passed (one idempotent statement).
   * HTTP-01 answers left by a process killed mid-order are purged once expired.
   */
  private async markExpired() {
    const now = new Date();
    await this.ctx.db
      .update(certificates)
      .set({ status: 'Expiré', updatedAt: now })
      .where(and(eq(certificates.status, 'Actif'), lt(certificates.expiresAt, now)));
    await this.ctx.db.delete(acmeChallenges).where(lt(acmeChallenges.expiresAt, now));
  }

  /**
   * In how many ms the next order or renewal falls due (a claimed one once its lease lapses), an
   * active certificate reaches its next warning (EXPIRY_WARNING_DAYS before expiry) or expires;
   * null when there is none.
   */
  private async nextDueMs(): Promise<number | null> {
    const { rows } = (await this.ctx.db.execute(sql`
      SELECT least(
        (SELECT min(greatest(${certificates.nextAttemptAt},
            coalesce(${certificates.leaseExpiresAt}, ${certificates.nextAttemptAt})))
          FROM ${certificates} WHERE ${certificates.type} = 'letsencrypt'),
        (SELECT min(w.at) FROM ${certificates},
            LATERAL unnest(${sql.raw(`ARRAY[${[...EXPIRY_WARNING_DAYS, 0].join(', ')}]`)}) AS d(days),
            LATERAL (SELECT ${certificates.expiresAt} - make_interval(days => d.days) AS at) w
          WHERE ${certificates.status} = 'Actif' AND w.at > now())) AS at`)) as unknown as {
      rows: { at: string | null }[];
    };
    const [row] = rows;
    return row?.at ? Math.max(0, new Date(row.at).getTime() - Date.now()) : null;
  }

  private async claim() {
    const now = new Date();
    return this.ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: certificates.id })
        .from(certificates)
        .where(
          and(
            eq(certificates.type, 'letsencrypt'),
            lte(certificates.nextAttemptAt, now),
            or(isNull(certificates.leaseExpiresAt), lt(certificates.leaseExpiresAt, now)),
          ),
        )
        .orderBy(asc(certificates.nextAttemptAt))
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(certificates)
        .set({ leaseOwner: this.owner, leaseExpiresAt: new Date(now.getTime() + this.leaseMs) })
        .where(
          inArray(
            certificates.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  private async release(id: string) {
    await this.ctx.db
      .update(certificates)
      .set({ leaseOwner: null, leaseExpiresAt: null })
      .where(and(eq(certificates.id, id), eq(certificates.leaseOwner, this.owner)))
      .catch((err: unknown) =>
        this.ctx.log.warn({ err, certificateId: id }, 'could not release certificate lease'),
      );
  }
}

/** The worker of this API process, reachable from the routes (wake on new orders). */
export function createCertificateWorker(
  ctx: AppContext,
  opts: CertificateWorkerOptions = {},
): CertificateWorker {
  const worker = new CertificateWorker(ctx, opts);
  onCertificateWork(ctx, () => worker.wake());
  return worker;
}
