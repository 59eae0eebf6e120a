import type { UptimeSettingsInput } from '@nuage/shared/schemas/uptime';
import type { ApplicationUptime, UptimeSettings } from '@nuage/shared/schemas/responses/uptime';
import { requiredRole } from '@nuage/shared/roles';
import { dayBars, percentOver, percentUp, utcDay } from '@nuage/shared/uptime-math';
import { and, desc, eq, gte, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { uptimeChecks, uptimeDays, uptimeIncidents, uptimeMonitors } from '../../db/schema/uptime';
import { authorizeDeployment } from '../deployments/access';

const DEFAULTS = { path: '/', expectedStatus: null, timeoutMs: 10_000 };
const INCIDENTS_SHOWN = 50;

/** The stored days of some applications since `fromDay` (`YYYY-MM-DD`). */
export async function daysOf(db: Executor, deploymentId: string, fromDay: string) {
  return db
    .select({
      day: uptimeDays.day,
      checks: uptimeDays.checks,
      failures: uptimeDays.failures,
      simulated: uptimeDays.simulated,
    })
    .from(uptimeDays)
    .where(and(eq(uptimeDays.deploymentId, deploymentId), gte(uptimeDays.day, fromDay)));
}

/** `up`, `down` (an incident is open, or the last check failed), `unknown` (never checked). */
export async function stateOf(db: Executor, deploymentId: string) {
  const [monitor] = await db
    .select({ lastOk: uptimeMonitors.lastOk })
    .from(uptimeMonitors)
    .where(eq(uptimeMonitors.deploymentId, deploymentId));
  const [open] = await db
    .select({ id: uptimeIncidents.id })
    .from(uptimeIncidents)
    .where(and(eq(uptimeIncidents.deploymentId, deploymentId), isNull(uptimeIncidents.endedAt)));
  if (open) return 'down' as const;
  if (monitor?.lastOk === null || monitor?.lastOk === undefined) return 'unknown' as const;
  return monitor.lastOk ? ('up' as const) : ('down' as const);
}

function presentSettings(
  ctx: AppContext,
  m: { path: string; expectedStatus: number | null; timeoutMs: number } | undefined,
): UptimeSettings {
  const s = m ?? DEFAULTS;
  return {
    chemin: s.path,
    code_attendu: s.expectedStatus,
    delai_secondes: Math.round(s.timeoutMs / 1000),
    intervalle_secondes: Math.round(ctx.config.uptime.intervalMs / 1000),
  };
}

/** GET /deployments/{id}/uptime: 30 days of bars, the incidents, the last check, the settings. */
export async function applicationUptime(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; now?: Date },
): Promise<ApplicationUptime> {
  const row = await authorizeDeployment(ctx.db, { ...input, need: requiredRole.view });
  const now = input.now ?? new Date();
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const [monitor] = await ctx.db
    .select()
    .from(uptimeMonitors)
    .where(eq(uptimeMonitors.deploymentId, row.id));
  const bars = dayBars(await daysOf(ctx.db, row.id, utcDay(now, 29)), 30, now);
  const incidents = await ctx.db
    .select()
    .from(uptimeIncidents)
    .where(
      and(
        eq(uptimeIncidents.deploymentId, row.id),
        or(isNull(uptimeIncidents.endedAt), gte(uptimeIncidents.endedAt, since)),
      ),
    )
    .orderBy(desc(uptimeIncidents.startedAt))
    .limit(INCIDENTS_SHOWN);
  const [last] = await ctx.db
    .select()
    .from(uptimeChecks)
    .where(eq(uptimeChecks.deploymentId, row.id))
    .orderBy(desc(uptimeChecks.slotAt))
    .limit(1);
  const runtime = row.runtime ?? ctx.engine.runtime;
  return {
    application_id: row.id,
    source: runtime,
    simule: runtime === 'simulation',
    etat: await stateOf(ctx.db, row.id),
    derniere_verification: last
      ? {
          date: last.slotAt.toISOString(),
          ok: last.ok,
          code_http: last.statusCode,
          duree_ms: last.durationMs,
          raison: last.reason,
        }
      : null,
    pourcentage_30_jours: percentOver(bars),
    jours: bars.map((b) => ({
      jour: b.day,
      verifications: b.checks,
      echecs: b.failures,
      pourcentage: percentUp(b.checks, b.failures),
      simule: b.simulated,
    })),
    incidents: incidents.map((i) => ({
      id: i.id,
      debut: i.startedAt.toISOString(),
      fin: i.endedAt?.toISOString() ?? null,
      duree_secondes: Math.round(((i.endedAt ?? now).getTime() - i.startedAt.getTime()) / 1000),
      raison: i.reason,
      simule: i.simulated,
    })),
    reglages: presentSettings(ctx, monitor),
  };
}

/**
 * PUT /deployments/{id}/uptime-check (developers and admins): the path, the expected status and
 * the timeout, used from the next check on. The monitor is created here when the worker has not
 * yet made it (an application not live yet keeps its settings for later).
 */
export async function updateUptimeSettings(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; settings: UptimeSettingsInput },
): Promise<UptimeSettings> {
  const row = await authorizeDeployment(ctx.db, {
    ...input,
    need: requiredRole.manageApplications,
  });
  const values = {
    path: input.settings.chemin,
    expectedStatus: input.settings.code_attendu,
    timeoutMs: input.settings.delai_secondes * 1000,
  };
  const [saved] = await ctx.db
    .insert(uptimeMonitors)
    .values({ deploymentId: row.id, nextCheckAt: new Date(), ...values })
    .onConflictDoUpdate({
      target: uptimeMonitors.deploymentId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return presentSettings(ctx, saved);
}
