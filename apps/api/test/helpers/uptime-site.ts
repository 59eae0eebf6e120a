import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { deployments } from '../../src/db/schema/deployments';
import { uptimeMonitors } from '../../src/db/schema/uptime';
import { insertApplication } from './project-factories';
import type { TestApp } from './test-app';

/** A customer's site for the uptime checks: answers `status` (or nothing for `hangMs`). */
export interface Site {
  url: string;
  status: number;
  hangMs: number;
  paths: string[];
  close(): Promise<void>;
}

export async function startSite(): Promise<Site> {
  const site: Site = {
    url: '',
    status: 200,
    hangMs: 0,
    paths: [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    site.paths.push(req.url ?? '');
    const answer = () => {
      res.writeHead(site.status, { 'content-type': 'text/plain' });
      res.end('bonjour');
    };
    if (site.hangMs > 0) setTimeout(answer, site.hangMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return site;
}

/** Makes a live application (deployed on the simulation runtime) stand for one served at `url`. */
export async function serveAt(t: TestApp, deploymentId: string, url: string | null) {
  await t.database.db
    .update(deployments)
    .set({ runtime: 'docker', applicationUrl: url, deployedAt: new Date() })
    .where(eq(deployments.id, deploymentId));
}

/** Puts an application's next check at `at` (the worker made its monitor at a random moment). */
export async function checkDueAt(t: TestApp, deploymentId: string, at: Date) {
  await t.database.db
    .update(uptimeMonitors)
    .set({ nextCheckAt: at })
    .where(eq(uptimeMonitors.deploymentId, deploymentId));
}

const MINUTE = 60_000;
/**
 * Slots one minute apart, from half an hour ago, all in today's bar (UTC) whatever the hour: just
 * after midnight they start at 00:02 instead, some of them then a few minutes ahead of the clock.
 */
const startOfToday = Math.floor(Date.now() / 86_400_000) * 86_400_000;
const base = Math.max(
  Math.floor((Date.now() - 30 * MINUTE) / MINUTE) * MINUTE,
  startOfToday + 2 * MINUTE,
);
export const slot = (n: number) => new Date(base + n * MINUTE);

/** A live application served at `url`, its monitor made and its first check due at slot(0). */
export async function liveApp(
  t: TestApp,
  where: { projectId: string; envId: string; url: string },
  nom: string,
) {
  const id = await insertApplication(t, {
    projectId: where.projectId,
    environmentId: where.envId,
    nom,
  });
  await serveAt(t, id, where.url);
  await t.app.uptimeWorker.pass(slot(-1));
  await checkDueAt(t, id, slot(0));
  return id;
}
