import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../../db/client';
import { RuntimeUnavailableError } from '../../../engine/driver';
import { CapturingMailer, LogCapture } from '../../../../test/helpers/capture';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { PlatformAlerts } from './platform-alerts';

/**
 * The platform's own problems told to its operators (issue 27): two API processes (two pools on
 * one PostgreSQL) look at the same broken runtime every minute; each operator gets one alert,
 * nothing more while it lasts, and one « Rétabli » when it ends.
 */

const GUARD =
  "Garde réseau inactif : l'isolation entre environnements n'est pas garantie sur cet hôte";
const OPERATORS = ['ops@nuage.test', 'astreinte@nuage.test'];
const MINUTE = 60_000;

let t: TestApp;
let other: DatabaseHandle;
let clock = Date.parse('2026-11-29T08:00:00Z');
const state = { guard: null as string | null, engineDown: false };
const driver = {
  name: 'docker' as const,
  problems: () => (state.guard ? [state.guard] : []),
  ping: async () => {
    if (state.engineDown)
      throw new RuntimeUnavailableError('container engine unreachable (GET /_ping): ENOENT');
  },
};
const mailer = new CapturingMailer();
const processOn = (db: DatabaseHandle['db']) =>
  new PlatformAlerts({
    db,
    mailer,
    driver,
    operatorEmails: OPERATORS,
    log: pino({ level: 'silent' }, new LogCapture()),
    checkMs: MINUTE,
    now: () => new Date(clock),
  });

beforeAll(async () => {
  t = await createTestApp();
  other = await openPostgres(t.databaseUrl);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** One check a minute in both processes, at the same moment. */
async function minutes(n: number, a: PlatformAlerts, b: PlatformAlerts) {
  for (let i = 0; i < n; i++) {
    clock += MINUTE;
    await Promise.all([a.pass(), b.pass()]);
  }
}
const subjects = () => mailer.sent.map((m) => `${m.to} ${m.subject}`);

describe("the platform's problems, told to its operators", () => {
  it('tells a network guard down once per operator, then « Rétabli » once', async () => {
    const a = processOn(t.database.db);
    const b = processOn(other.db);
    state.guard = `${GUARD} (rules not loaded by the guard: iptables: not found)`;
    await minutes(1, a, b);
    // Seen by both processes at the first check: no alert yet; the second check of it is one.
    expect(mailer.sent).toEqual([]);
    await minutes(1, a, b);
    expect(subjects()).toEqual(
      OPERATORS.map(
        (o) =>
          `${o} Alerte plateforme : Garde réseau inactif : l'isolation entre environnements n'est pas garantie sur cet hôte`,
      ),
    );
    expect(mailer.sent[0]!.text).toContain('iptables: not found');
    await minutes(20, a, b);
    expect(mailer.sent).toHaveLength(2);

    state.guard = null;
    await minutes(5, a, b);
    expect(subjects().slice(2)).toEqual(OPERATORS.map((o) => `${o} Rétabli : ${GUARD}`));
    expect(mailer.sent[2]!.text).toMatch(/il a duré \d+ minutes environ/);
    await minutes(10, a, b);
    expect(mailer.sent).toHaveLength(4);
  });

  it('says nothing of a runtime that misses one check only', async () => {
    mailer.sent.length = 0;
    const a = processOn(t.database.db);
    const b = processOn(other.db);
    state.engineDown = true;
    clock += MINUTE;
    await a.pass();
    state.engineDown = false;
    await minutes(10, a, b);
    expect(mailer.sent).toEqual([]);
  });

  it('tells an unreachable runtime, tried again while the mailer is down, and its end', async () => {
    mailer.sent.length = 0;
    const a = processOn(t.database.db);
    const b = processOn(other.db);
    state.engineDown = true;
    await minutes(1, a, b);
    mailer.failNext = 4; // both operators, both processes' tries: the mail server is down
    await minutes(1, a, b);
    expect(mailer.sent).toEqual([]);
    await minutes(3, a, b);
    expect(subjects()).toEqual(
      OPERATORS.map(
        (o) => `${o} Alerte plateforme : Environnement d'exécution injoignable (docker)`,
      ),
    );
    expect(mailer.sent[0]!.text).toContain('container engine unreachable');
    state.engineDown = false;
    await minutes(5, a, b);
    expect(subjects().slice(2)).toEqual(
      OPERATORS.map((o) => `${o} Rétabli : Environnement d'exécution injoignable (docker)`),
    );
  });
});
