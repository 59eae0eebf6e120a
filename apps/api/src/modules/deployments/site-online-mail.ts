import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { projects } from '../../db/schema/projects';
import { users } from '../../db/schema/users';
import { SAFETY_POLL_MS, WorkLoop } from '../../lib/work-loop';
import { siteOnlineMail } from '../../mail/templates/site-online';
import { adminAccessOf, siteAddressOf } from './presenter';

type RawResult<T> = { rows: T[] };

/**
 * « Votre site est en ligne » (issue 33), once per application: each application online for
 * the first time (the engine set deployed_at) and not yet told is claimed by setting
 * online_mail_sent_at first (SKIP LOCKED: several processes never mail twice), then whoever
 * deployed it gets the mail. A mail that cannot go out is logged, not retried: at most once.
 * Returns how many were claimed.
 */
export async function sendSiteOnlineMails(ctx: AppContext, limit = 10): Promise<number> {
  const claimed = (
    (await ctx.db.execute(sql`
      UPDATE deployments SET online_mail_sent_at = now()
      WHERE id IN (
        SELECT id FROM deployments
        WHERE deployed_at IS NOT NULL AND online_mail_sent_at IS NULL
          AND desired_state = 'present' AND category <> 'DATABASE'
        ORDER BY deployed_at LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id`)) as unknown as RawResult<{ id: string }>
  ).rows.map((r) => r.id);
  if (claimed.length === 0) return 0;
  const rows = await ctx.db
    .select({
      app: deployments,
      projectName: projects.nom,
      email: users.email,
      prenom: users.prenom,
    })
    .from(deployments)
    .innerJoin(projects, eq(projects.id, deployments.projectId))
    .innerJoin(users, eq(users.id, deployments.createdBy))
    .where(inArray(deployments.id, claimed));
  for (const { app, projectName, email, prenom } of rows) {
    const access = adminAccessOf(app);
    const admin =
      app.sourceKind !== 'template' || !access.url_connexion
        ? null
        : { loginUrl: access.url_connexion, managed: access.mot_de_passe_gere };
    try {
      await ctx.mailer.send(
        siteOnlineMail({
          to: email,
          prenom,
          applicationName: app.nom,
          projectName,
          url: siteAddressOf(app),
          admin,
          pageUrl: `${ctx.config.publicUrl}/deployment/${app.id}`,
        }),
      );
    } catch (err) {
      ctx.log.error({ err, deploymentId: app.id }, 'site online mail not sent');
    }
  }
  return claimed.length;
}

/**
 * Sends the mails of applications just online (main.ts starts it): woken by the engine when it
 * sees one running for the first time (`wake`), in the process that saw it. The safety poll finds
 * those of a process that stopped before sending them.
 */
export class SiteOnlineMailWorker {
  private readonly loop: WorkLoop;

  constructor(ctx: AppContext, opts: { pollMs?: number } = {}) {
    this.loop = new WorkLoop(() => sendSiteOnlineMails(ctx), {
      pollMs: opts.pollMs ?? SAFETY_POLL_MS,
      log: ctx.log,
      failure: 'site online mail pass failed',
    });
  }

  start() {
    this.loop.start();
  }

  /** An application went online: its mail is sent now. */
  wake() {
    this.loop.wake();
  }

  stop(deadline?: number) {
    return this.loop.stop(deadline);
  }
}
