import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Who did what in a project, when and from where. No foreign keys: an entry outlives the
 * account, token or object it names (names are copied), and is purged only by age.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: uuid('project_id').notNull(),
    createdAt: createdAt(),
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    /** Set when the action came through a personal API token. */
    tokenId: uuid('token_id'),
    tokenName: text('token_name'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetName: text('target_name'),
    /** Non-secret facts of the action (old and new role, replicas, quotas…). */
    details: jsonb('details').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('audit_events_project_idx').on(t.projectId, t.createdAt),
    index('audit_events_created_idx').on(t.createdAt),
  ],
);
