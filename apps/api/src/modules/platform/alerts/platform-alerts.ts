import { operatorAlertTexts as t } from '@nuage/shared/messages/platform';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../../db/client';
import type { RuntimeDriver } from '../../../engine/driver';
import { WorkLoop } from '../../../lib/work-loop';
import { renderMail } from '../../../mail/layout';
import type { Mailer } from '../../../mail/mailer';
import {
  claimToTell,
  closeQuiet,
  markTold,
  recordSeen,
  type IncidentToTell,
  type SeenProblem,
} from './incident-store';

export interface PlatformAlertOptions {
  db: Executor;
  mailer: Mailer;
  driver: Pick<RuntimeDriver, 'name' | 'problems' | 'ping'>;
  /** OPERATOR_EMAILS: who is told. */
  operatorEmails: string[];
  log: FastifyBaseLogger;
  /** OPERATOR_ALERT_CHECK_SECONDS: between two looks at the platform's health. */
  checkMs: number;
  now?: () => Date;
}

/**
 * Tells the platform's operators about the platform's own problems (issue 27): a network guard
 * that does not run, a runtime that does not answer. Every API process looks; the incidents
 * table makes it one mail per operator when a problem starts (seen again half a check later at
 * least, so a blip is no alert) and one « Rétabli » when nobody has seen it for two and a half
 * checks.
 */
export class PlatformAlerts {
  private readonly loop: WorkLoop;
  private readonly now: () => Date;

  constructor(private readonly opts: PlatformAlertOptions) {
    this.now = opts.now ?? (() => new Date());
    this.loop = new WorkLoop(() => this.pass().then(() => 0), {
      pollMs: opts.checkMs,
      log: opts.log,
      failure: 'platform health check failed',
    });
  }

  /** Nothing to do without operators to tell, or on a runtime that reports nothing (simulation). */
  get useful(): boolean {
    const d = this.opts.driver;
    return this.opts.operatorEmails.length > 0 && Boolean(d.problems ?? d.ping);
  }

  start() {
    if (this.useful) this.loop.start();
  }

  stop(deadline?: number) {
    return this.loop.stop(deadline);
  }

  /** What is wrong with the platform right now, as this process sees it. */
  async look(): Promise<SeenProblem[]> {
    const { driver } = this.opts;
    const seen: SeenProblem[] = (driver.problems?.() ?? []).map((text) => {
      // « Garde réseau inactif : … (why) »: the words before the why name the problem.
      const title = text.replace(/ \([^]*\)$/, '');
      return { key: `probleme:${title}`, title, detail: text };
    });
    try {
      await driver.ping?.();
    } catch (err) {
      seen.push({
        key: 'runtime',
        title: t.runtimeUnreachable(driver.name),
        detail: (err as Error).message,
      });
    }
    return seen;
  }

  /** One check: records what is seen, closes what ended, tells what is due. */
  async pass(): Promise<void> {
    const { db } = this.opts;
    const at = this.now();
    await recordSeen(db, await this.look(), at);
    await closeQuiet(db, at, this.opts.checkMs * 2.5);
    const due = await claimToTell(db, {
      now: at,
      leaseMs: 60_000,
      confirmMs: this.opts.checkMs / 2,
    });
    for (const incident of due) {
      const phase = incident.closedAt ? 'close' : 'open';
      if (await this.mail(incident)) await markTold(db, incident.key, phase);
    }
  }

  /**
   * One mail per operator; answers whether one went out at least (when none did, the mailer is
   * down: the lease runs out and it is tried again).
   */
  private async mail(incident: IncidentToTell): Promise<boolean> {
    const minutes = incident.closedAt
      ? Math.max(
          1,
          Math.round((incident.closedAt.getTime() - incident.openedAt.getTime()) / 60_000),
        )
      : 0;
    const words = incident.closedAt
      ? {
          subject: t.closedSubject(incident.title),
          paragraphs: [t.closedLead(incident.title, minutes)],
        }
      : {
          subject: t.openSubject(incident.title),
          paragraphs: [t.openLead(incident.title), t.detail(incident.detail), t.openRepeat],
        };
    let told = false;
    for (const to of this.opts.operatorEmails) {
      try {
        await this.opts.mailer.send(
          renderMail({ to, greeting: 'Bonjour,', footnote: t.footnote, ...words }),
        );
        told = true;
      } catch (err) {
        this.opts.log.error({ err, incident: incident.key }, 'operator alert not mailed');
      }
    }
    return told;
  }
}
