import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine } from '../bench/lib/docker-engine.mjs';
import { pollUntil } from './helpers/api';
import { readOutbox } from './helpers/outbox';
import { startPodmanPlatform, type PodmanPlatform } from './helpers/podman-platform';

/**
 * The platform's own problems reach its operators (issue 27), on Podman: the platform talks to
 * the engine through a relay socket this test can cut. Its network guard cannot run (its image
 * is missing): the operators get one alert. The engine stops answering: one alert, then one
 * « Rétabli » once it answers again; the guard, still down, is not told again.
 */
const detected = await detectEngine();
if (detected.skipReason && process.env.CI) {
  throw new Error(`CI must run the real-container tests, but ${detected.skipReason}`);
}
if (detected.skipReason) console.warn(`[e2e operator alerts] skipped: ${detected.skipReason}`);

const OPERATOR = 'astreinte@nuage.exemple.sn';
const GUARD =
  "Garde réseau inactif : l'isolation entre environnements n'est pas garantie sur cet hôte";
const RUNTIME = "Environnement d'exécution injoignable (docker)";
const prefix = `nde2e-ops-${randomBytes(3).toString('hex')}`;

/** A unix socket piping to the engine's, which the test closes (the engine « down ») and opens. */
function engineRelay(target: string, socketPath: string) {
  const open = new Set<net.Socket>();
  let server: net.Server | null = null;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        if (server) return resolve();
        server = net.createServer((client) => {
          const upstream = net.connect(target);
          for (const s of [client, upstream]) {
            open.add(s);
            s.on('close', () => open.delete(s));
            s.on('error', () => s.destroy());
          }
          client.pipe(upstream).pipe(client);
        });
        server.once('error', reject);
        server.listen(socketPath, resolve);
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        if (server) server.close(() => resolve());
        else resolve();
        server = null;
      }),
  };
}

describe.skipIf(detected.engine === null)('alerts to the platform’s operators', () => {
  let platform: PodmanPlatform;
  let dir: string;
  let relay: ReturnType<typeof engineRelay>;
  const subjects = async () =>
    (await readOutbox(platform.server.outboxDir))
      .filter((m) => m.to.includes(OPERATOR))
      .map((m) => m.subject);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'nde2e-ops-'));
    relay = engineRelay(detected.socket!, path.join(dir, 'engine.sock'));
    await relay.start();
    platform = await startPodmanPlatform(detected.engine!, path.join(dir, 'engine.sock'), prefix, {
      OPERATOR_EMAILS: `${OPERATOR}, autre@nuage.exemple.sn`,
      OPERATOR_ALERT_CHECK_SECONDS: '5',
      NETWORK_GUARD_IMAGE: `localhost/${prefix}-absente:1`,
      NETWORK_GUARD_CONTAINER: `${prefix}-guard`,
    });
  }, 300_000);

  afterAll(async () => {
    // The engine answering again, whatever a failed test left: the platform's objects are swept.
    await relay?.start();
    await platform?.stop();
    await relay?.stop();
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('tells a network guard that cannot run, once', async () => {
    await pollUntil(
      'the guard alert',
      subjects,
      (s) => s.includes(`Alerte plateforme : ${GUARD}`),
      {
        timeoutMs: 60_000,
        everyMs: 500,
      },
    );
    const mail = (await readOutbox(platform.server.outboxDir)).find((m) =>
      m.to.includes(OPERATOR),
    )!;
    expect(mail.text).toContain('is not on this host');
    expect(mail.text).toContain('un message vous dira quand il sera rétabli');
  }, 90_000);

  it('tells an engine that stops answering, and « Rétabli » when it answers again', async () => {
    await relay.stop();
    await pollUntil(
      'the runtime alert',
      subjects,
      (s) => s.includes(`Alerte plateforme : ${RUNTIME}`),
      {
        timeoutMs: 60_000,
        everyMs: 500,
      },
    );
    await relay.start();
    await pollUntil('« Rétabli »', subjects, (s) => s.includes(`Rétabli : ${RUNTIME}`), {
      timeoutMs: 60_000,
      everyMs: 500,
    });
    // Several checks later: one mail of each, the guard (still down) not told again.
    await new Promise((r) => setTimeout(r, 12_000));
    expect((await subjects()).sort()).toEqual(
      [
        `Alerte plateforme : ${GUARD}`,
        `Alerte plateforme : ${RUNTIME}`,
        `Rétabli : ${RUNTIME}`,
      ].sort(),
    );
    // Customers are not told: only the operators got these.
    const all = await readOutbox(platform.server.outboxDir);
    expect(
      all
        .filter((m) => m.subject.includes('plateforme') || m.subject.startsWith('Rétabli'))
        .every((m) => /astreinte|autre/.test(m.to)),
    ).toBe(true);
  }, 150_000);
});
