import { uptimeTexts } from '@nuage/shared/messages/uptime';
import { requiredRole } from '@nuage/shared/roles';
import type { PublicStatus, StatusPage } from '@nuage/shared/schemas/responses/uptime';
import { dayBars, percentOver, percentUp, utcDay } from '@nuage/shared/uptime-math';
import { and, asc, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { projects } from '../../db/schema/projects';
import { statusPages, uptimeDays, uptimeIncidents, uptimeMonitors } from '../../db/schema/uptime';
import { notFound } from '../../lib/errors';
import { authorizeProject } from '../projects/policy';

const PUBLIC_DAYS = 90;

const pageUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/statut/${token}`;

/** GET /projects/{id}/status-page: whether it is public, and where (every member may read it). */
export async function getStatusPage(
  ctx: AppContext,
  input: { projectId: string; userId: string },
): Promise<StatusPage> {
  await authorizeProject(ctx.db, { ...input, need: requiredRole.view });
  const [page] = await ctx.db
    .select()
    .from(statusPages)
    .where(eq(statusPages.projectId, input.projectId));
  return { active: Boolean(page), url: page ? pageUrl(ctx, page.token) : null };
}

/**
 * PUT /projects/{id}/status-page (project admins): enabling gives the page an unguessable
 * address (128 random bits); disabling forgets it, so a page enabled again gets a new one.
 */
export async function setStatusPage(
  ctx: AppContext,
  input: { projectId: string; userId: string; active: boolean },
): Promise<StatusPage> {
  await authorizeProject(ctx.db, { ...input, need: requiredRole.manageProject });
  if (!input.active) {
    await ctx.db.delete(statusPages).where(eq(statusPages.projectId, input.projectId));
    return { active: false, url: null };
  }
  await ctx.db
    .insert(statusPages)
    .values({ projectId: input.projectId, token: randomBytes(16).toString('base64url') })
    .onConflictDoNothing();
  return getStatusPage(ctx, input);
}

/**
 * What anyone holding the address may read: the project's name, and per live application its
 * name, its environment's name, its state and 90 daily bars. Nothing else: no address, no id,
 * no e-mail. A wrong or disabled address is a 404 like any unknown page.
 */
export async function publicStatus(
  ctx: AppContext,
  token: string,
  now = new Date(),
): Promise<PublicStatus> {
  const [page] = await ctx.db
    .select({ projectId: statusPages.projectId, projet: projects.nom })
    .from(statusPages)
    .innerJoin(projects, eq(projects.id, statusPages.projectId))
    .where(and(eq(statusPages.token, token), isNull(projects.deletingAt)));
  if (!page) throw notFound(uptimeTexts.statusPageNotFound);
  const apps = await ctx.db
    .select({
      id: deployments.id,
      nom: deployments.nom,
      environnement: environments.nom,
      runtime: deployments.runtime,
      lastOk: uptimeMonitors.lastOk,
    })
    .from(deployments)
    .innerJoin(environments, eq(environments.id, deployments.environmentId))
    .leftJoin(uptimeMonitors, eq(uptimeMonitors.deploymentId, deployments.id))
    .where(
      and(
        eq(deployments.projectId, page.projectId),
        eq(deployments.desiredState, 'present'),
        isNotNull(deployments.deployedAt),
      ),
    )
    .orderBy(asc(environments.nom), asc(deployments.nom));
  const ids = apps.map((a) => a.id);
  const days = ids.length
    ? await ctx.db
        .select()
        .from(uptimeDays)
        .where(
          and(
            inArray(uptimeDays.deploymentId, ids),
            gte(uptimeDays.day, utcDay(now, PUBLIC_DAYS - 1)),
          ),
        )
    : [];
  const open = ids.length
    ? await ctx.db
        .select({ id: uptimeIncidents.deploymentId })
        .from(uptimeIncidents)
        .where(and(inArray(uptimeIncidents.deploymentId, ids), isNull(uptimeIncidents.endedAt)))
    : [];
  const down = new Set(open.map((o) => o.id));
  const applications = apps.map((a) => {
    const bars = dayBars(
      days.filter((d) => d.deploymentId === a.id),
      PUBLIC_DAYS,
      now,
    );
    const etat = down.has(a.id) || a.lastOk === false ? 'down' : a.lastOk ? 'up' : 'unknown';
    return {
      nom: a.nom,
      environnement: a.environnement,
      etat: etat as 'up' | 'down' | 'unknown',
      pourcentage_90_jours: percentOver(bars),
      jours: bars.map((b) => ({
        jour: b.day,
        verifications: b.checks,
        echecs: b.failures,
        pourcentage: percentUp(b.checks, b.failures),
        simule: b.simulated,
      })),
    };
  });
  const states = applications.map((a) => a.etat);
  return {
    projet: page.projet,
    etat_global: states.includes('down')
      ? 'down'
      : states.length > 0 && states.every((s) => s === 'up')
        ? 'up'
        : 'unknown',
    simule: apps.some((a) => a.runtime === 'simulation'),
    genere_le: now.toISOString(),
    applications,
  };
}
