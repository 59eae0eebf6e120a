import { and, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emitQuietly } from '../../db/notification-events';
import { certificates } from '../../db/schema/certificates';

/** Days before expiry at which a project hears of it, once each (issue 27). */
export const EXPIRY_WARNING_DAYS = [30, 14, 3] as const;
const DAY_MS = 86_400_000;

/**
 * Active certificates expiring within 30 days: each tells its project once at the nearest
 * threshold reached (a certificate first seen 10 days before expiry: the 14-day warning only).
 * The once is the event's key, which names the expiry date: a renewed certificate warns again.
 */
export async function warnExpiringCertificates(
  db: Executor,
  log: { error(obj: object, msg: string): void },
  now = new Date(),
): Promise<void> {
  const soon = await db
    .select({
      id: certificates.id,
      projectId: certificates.projectId,
      domain: certificates.domain,
      expiresAt: certificates.expiresAt,
    })
    .from(certificates)
    .where(
      and(
        eq(certificates.status, 'Actif'),
        gt(certificates.expiresAt, now),
        lte(certificates.expiresAt, new Date(now.getTime() + EXPIRY_WARNING_DAYS[0] * DAY_MS)),
      ),
    );
  for (const cert of soon) {
    const days = Math.ceil((cert.expiresAt!.getTime() - now.getTime()) / DAY_MS);
    const threshold = [...EXPIRY_WARNING_DAYS].reverse().find((d) => days <= d)!;
    await emitQuietly(db, log, {
      projectId: cert.projectId,
      type: 'certificate.expiring',
      link: '/certificates',
      params: { domaine: cert.domain, jours: days },
      dedupKey: `cert:${cert.id}:${threshold}:${cert.expiresAt!.toISOString().slice(0, 10)}`,
    });
  }
}
