import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webhookDeliveries } from '../../db/schema/webhook-deliveries';
import type { WebhookProvider } from './webhook-signature';

const DAY_MS = 24 * 3600_000;
/** Longer than any provider offers to redeliver (GitHub: 3 days). */
export const DELIVERY_RETENTION_DAYS = 30;

/** Each provider's header naming one delivery (Gitea also sends GitHub's). */
const DELIVERY_HEADERS: Record<WebhookProvider, string[]> = {
  github: ['x-github-delivery'],
  gitlab: ['x-gitlab-event-uuid'],
  gitea: ['x-gitea-delivery', 'x-github-delivery'],
};

/**
 * The delivery's id: the provider's header, else (an old GitLab sends none) the SHA-256 of the
 * signed body, so that the exact same delivery is still recognised. The header is not covered
 * by the signature: a replay with a fresh id passes this check, which is why a push is also
 * built only when its commit is the branch's head and not built yet (webhook-push.ts).
 */
export function deliveryIdOf(
  provider: WebhookProvider,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): string {
  for (const name of DELIVERY_HEADERS[provider]) {
    const value = headers[name];
    if (typeof value === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(value.trim()))
      return value.trim();
  }
  return `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
}

export async function deliverySeen(
  db: Executor,
  deploymentId: string,
  deliveryId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookDeliveries.deliveryId })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.deploymentId, deploymentId),
        eq(webhookDeliveries.deliveryId, deliveryId),
      ),
    );
  return row !== undefined;
}

/**
 * Records the delivery; false when it was already there. The primary key makes this the one
 * decision between two identical deliveries sent at once: the second insert waits for the
 * first's transaction and then finds the row.
 */
export async function claimDelivery(
  tx: Executor,
  delivery: { deploymentId: string; deliveryId: string; provider: WebhookProvider },
): Promise<boolean> {
  const inserted = await tx
    .insert(webhookDeliveries)
    .values(delivery)
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.deliveryId });
  return inserted.length === 1;
}

/** Drops delivery ids past the retention (hourly maintenance). */
export async function purgeWebhookDeliveries(db: Executor): Promise<number> {
  const gone = await db
    .delete(webhookDeliveries)
    .where(
      lt(webhookDeliveries.receivedAt, new Date(Date.now() - DELIVERY_RETENTION_DAYS * DAY_MS)),
    )
    .returning({ id: webhookDeliveries.deliveryId });
  return gone.length;
}
