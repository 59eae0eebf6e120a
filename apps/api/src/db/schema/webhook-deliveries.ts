import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { deployments } from './deployments';

/**
 * The push deliveries an application's webhook accepted, by the provider's delivery id
 * (GitHub `X-GitHub-Delivery`, GitLab `X-Gitlab-Event-UUID`, Gitea `X-Gitea-Delivery`; the
 * body's SHA-256 when a provider sends none): a captured, signed delivery sent again is refused.
 * The primary key decides it atomically (two identical deliveries at once: one insert wins).
 * Kept 30 days (purged hourly), longer than providers offer to redeliver.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id').notNull(),
    provider: text('provider', { enum: ['github', 'gitlab', 'gitea'] }).notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deploymentId, t.deliveryId] }),
    index('webhook_deliveries_received_idx').on(t.receivedAt),
  ],
);
