// Telling a project that something happened (issue 27): written by the engine (crash loops,
// deployments) and by the modules (builds, backups, members) alike, so it sits with the schema
// below both. The delivery itself is the notifications module's worker.
import type { NotificationParams } from '@nuage/shared/messages/notifications';
import type { NotificationEventType } from '@nuage/shared/notification-events';
import { sql } from 'drizzle-orm';
import type { Executor } from './client';

export interface NotificationEvent {
  projectId: string;
  type: NotificationEventType;
  environmentId?: string | null;
  /** Below PUBLIC_URL: the application, build or backup page the message links to. */
  link?: string | null;
  params: Omit<NotificationParams, 'projet'>;
  /** Told once per project and key (a certificate's 30, 14 and 3-day warnings). */
  dedupKey?: string;
  /**
   * Part of an ongoing problem: `open` is told when the problem starts and only counted while it
   * lasts; `close` is told once when it ends (with that count), and is silent when none is open.
   */
  incident?: { key: string; phase: 'open' | 'close' };
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** What `incident` decides: tell it (with how many repeats were kept quiet), or stay quiet. */
async function passIncident(
  tx: Executor,
  projectId: string,
  incident: NonNullable<NotificationEvent['incident']>,
): Promise<{ tell: boolean; repeats: number }> {
  if (incident.phase === 'open') {
    const [row] = rowsOf<{ repeats: number }>(
      await tx.execute(sql`
        INSERT INTO notification_incidents (project_id, key) VALUES (${projectId}, ${incident.key})
        ON CONFLICT (project_id, key) DO UPDATE SET
          repeats = CASE WHEN notification_incidents.closed_at IS NULL
                         THEN notification_incidents.repeats + 1 ELSE 0 END,
          opened_at = CASE WHEN notification_incidents.closed_at IS NULL
                           THEN notification_incidents.opened_at ELSE now() END,
          closed_at = NULL,
          last_seen_at = now()
        RETURNING repeats`),
    );
    return { tell: row!.repeats === 0, repeats: 0 };
  }
  const [closed] = rowsOf<{ repeats: number }>(
    await tx.execute(sql`
      UPDATE notification_incidents SET closed_at = now()
      WHERE project_id = ${projectId} AND key = ${incident.key} AND closed_at IS NULL
      RETURNING repeats`),
  );
  return closed ? { tell: true, repeats: closed.repeats } : { tell: false, repeats: 0 };
}

/** Whether an incident is open now (a detector that must say « rétabli » only after an alert). */
export async function incidentOpen(db: Executor, projectId: string, key: string) {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`SELECT 1 AS one FROM notification_incidents
      WHERE project_id = ${projectId} AND key = ${key} AND closed_at IS NULL`),
  );
  return rows.length > 0;
}

/**
 * Records the event and queues one message per matching channel (active, choosing this event
 * and this environment) and one bell entry per project member, in one transaction (a savepoint
 * inside the caller's). Answers the event's id, or null when nothing is to be told (a repeat, a
 * duplicate, an end of nothing).
 */
export async function emitNotification(db: Executor, e: NotificationEvent): Promise<string | null> {
  return db.transaction(async (tx) => {
    let params: NotificationEvent['params'] = e.params;
    if (e.incident) {
      const decided = await passIncident(tx, e.projectId, e.incident);
      if (!decided.tell) return null;
      if (e.incident.phase === 'close') params = { ...params, repetitions: decided.repeats };
    }
    const [event] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO notification_events (project_id, type, environment_id, link, params, dedup_key)
        SELECT p.id, ${e.type}, ${e.environmentId ?? null}, ${e.link ?? null},
               ${JSON.stringify(params)}::jsonb || jsonb_build_object('projet', p.nom),
               ${e.dedupKey ?? null}
        FROM projects p WHERE p.id = ${e.projectId} AND p.deleting_at IS NULL
        ON CONFLICT (project_id, dedup_key) WHERE dedup_key IS NOT NULL DO NOTHING
        RETURNING id`),
    );
    if (!event) return null;
    await tx.execute(sql`
      INSERT INTO notification_outbox (channel_id, event_id)
      SELECT c.id, ${event.id} FROM notification_channels c
      WHERE c.project_id = ${e.projectId} AND c.enabled AND c.paused_at IS NULL
        AND ${e.type} = ANY (c.events)
        AND (cardinality(c.environment_ids) = 0
             OR ${e.environmentId ?? null}::uuid = ANY (c.environment_ids))`);
    await tx.execute(sql`
      INSERT INTO user_notifications (user_id, event_id)
      SELECT m.user_id, ${event.id} FROM project_members m WHERE m.project_id = ${e.projectId}`);
    return event.id;
  });
}

/**
 * emitNotification for callers whose own work must go on whatever happens to the message (a
 * deploy, a backup): a failure is logged, never thrown.
 */
export async function emitQuietly(
  db: Executor,
  log: { error(obj: object, msg: string): void },
  e: NotificationEvent,
): Promise<void> {
  try {
    await emitNotification(db, e);
  } catch (err) {
    log.error({ err, type: e.type, projectId: e.projectId }, 'notification not recorded');
  }
}

type DeploymentEvent = Omit<NotificationEvent, 'projectId' | 'environmentId' | 'params'> & {
  params?: NotificationEvent['params'];
  link?: string;
};

/**
 * emitNotification for an event about one application: its project, environment, names and page
 * are looked up here (the engine and the modules know the application's id). Throws, so a caller
 * may keep its own write and the message together in one transaction (metric alerts).
 */
export async function emitNotificationFor(
  db: Executor,
  deploymentId: string,
  e: DeploymentEvent,
): Promise<string | null> {
  const [app] = rowsOf<{ projectId: string; environmentId: string; nom: string; env: string }>(
    await db.execute(sql`
      SELECT e.project_id AS "projectId", e.id AS "environmentId", d.nom, e.nom AS env
      FROM deployments d JOIN environments e ON e.id = d.environment_id
      WHERE d.id = ${deploymentId}`),
  );
  if (!app) return null;
  return emitNotification(db, {
    ...e,
    projectId: app.projectId,
    environmentId: app.environmentId,
    link: e.link ?? `/deployment/${deploymentId}`,
    params: { application: app.nom, environnement: app.env, ...e.params },
  });
}

/**
 * emitNotificationFor for callers whose own work must go on whatever happens to the message:
 * a failure is logged, never thrown. Answers the event's id (null: nothing recorded).
 */
export async function emitForDeployment(
  db: Executor,
  log: { error(obj: object, msg: string): void },
  deploymentId: string,
  e: DeploymentEvent,
): Promise<string | null> {
  try {
    return await emitNotificationFor(db, deploymentId, e);
  } catch (err) {
    log.error({ err, type: e.type, deploymentId }, 'notification not recorded');
    return null;
  }
}

/** Ends an incident without a message (its rule was changed or switched off by a user). */
export async function closeIncidentQuietly(db: Executor, projectId: string, key: string) {
  await db.execute(sql`UPDATE notification_incidents SET closed_at = now()
    WHERE project_id = ${projectId} AND key = ${key} AND closed_at IS NULL`);
}
