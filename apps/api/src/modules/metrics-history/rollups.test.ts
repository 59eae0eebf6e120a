import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/client';
import {
  metricRollups,
  metricSamples,
  metricServiceRollups,
  metricServiceSamples,
} from '../../db/schema/metrics';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { insertApplication } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { maintainMetrics, pruneMetrics, rollUpFiveMinutes, rollUpHours } from './rollups';
import { ratePerSecond } from './rate';

/** The roll-ups' arithmetic, their idempotence, their lock, and what the pruning keeps. */
let t: TestApp;
let projectId: string;
let envId: string;

const MIN = 60_000;
const HOUR = 60 * MIN;
/** A round hour two hours ago: buckets fall on it whatever the clock says. */
const base = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
const at = (minutes: number) => new Date(base + minutes * MIN);

beforeAll(async () => {
  t = await createTestApp();
  const created = await teamWithEnvironment(t);
  projectId = created.project.id;
  envId = created.env.id;
});
afterAll(() => t.close());

const newApp = () => insertApplication(t, { projectId, environmentId: envId });

async function addSample(
  id: string,
  minutes: number,
  cpu: number,
  ram = 100,
  rx: number | null = 10,
) {
  await t.database.db.insert(metricSamples).values({
    deploymentId: id,
    at: at(minutes),
    cpuMilli: cpu,
    ramMb: ram,
    rxBps: rx,
    txBps: rx === null ? null : rx * 2,
    restarts: 0,
  });
}

const rollupsOf = (id: string, step: number) =>
  t.database.db
    .select()
    .from(metricRollups)
    .where(and(eq(metricRollups.deploymentId, id), eq(metricRollups.stepSeconds, step)))
    .orderBy(asc(metricRollups.bucketAt));

describe('5-minute roll-up', () => {
  it('averages and keeps the peak of each finished bucket, and only finished ones', async () => {
    const id = await newApp();
    // Bucket 0–5 min: 100, 300 (avg 200, max 300); bucket 5–10: 50; bucket 10–15: not finished.
    await addSample(id, 0, 100, 200);
    await addSample(id, 2.5, 300, 400, null);
    await addSample(id, 5, 50, 120);
    await addSample(id, 10.5, 900);
    await rollUpFiveMinutes(t.database.db, at(12));
    const rows = await rollupsOf(id, 300);
    expect(rows.map((r) => [r.bucketAt.getTime(), r.samples, r.cpuAvg, r.cpuMax])).toEqual([
      [at(0).getTime(), 2, 200, 300],
      [at(5).getTime(), 1, 50, 50],
    ]);
    expect(rows[0]).toMatchObject({ ramAvg: 300, ramMax: 400, rxAvg: 10, txAvg: 20 });
  });

  it('writes the same rows when run again, and takes a late sample into its bucket', async () => {
    const id = await newApp();
    await addSample(id, 20, 100);
    await addSample(id, 21, 200);
    await rollUpFiveMinutes(t.database.db, at(26));
    const first = await rollupsOf(id, 300);
    await rollUpFiveMinutes(t.database.db, at(26));
    expect(await rollupsOf(id, 300)).toEqual(first);
    await addSample(id, 24, 600);
    await rollUpFiveMinutes(t.database.db, at(27));
    const again = await rollupsOf(id, 300);
    expect(again.map((r) => [r.samples, r.cpuAvg, r.cpuMax])).toEqual([[3, 300, 600]]);
  });
});

describe('hourly roll-up', () => {
  it('weights each 5-minute average by its samples and keeps the peak', async () => {
    const id = await newApp();
    await t.database.db.insert(metricRollups).values(
      [
        { minutes: 0, samples: 10, cpu: 100, max: 150 },
        { minutes: 5, samples: 30, cpu: 500, max: 900 },
      ].map((b) => ({
        deploymentId: id,
        stepSeconds: 300,
        bucketAt: at(-120 + b.minutes),
        samples: b.samples,
        cpuAvg: b.cpu,
        cpuMax: b.max,
        ramAvg: 64,
        ramMax: 64,
        rxAvg: null,
        txAvg: null,
      })),
    );
    await rollUpHours(t.database.db, at(-50));
    const rows = await rollupsOf(id, 3600);
    expect(rows.map((r) => [r.bucketAt.getTime(), r.samples, r.cpuAvg, r.cpuMax, r.rxAvg])).toEqual(
      [[at(-120).getTime(), 40, 400, 900, null]],
    );
  });
});

describe('pruning', () => {
  it('drops raw samples after 48 h, 5-minute rows after 30 days, hourly ones after 13 months', async () => {
    const id = await newApp();
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const DAY = 24 * HOUR;
    await t.database.db.insert(metricSamples).values(
      [49 * HOUR, 47 * HOUR].map((ms) => ({
        deploymentId: id,
        at: ago(ms),
        cpuMilli: 1,
        ramMb: 1,
      })),
    );
    const rollup = (step: number, bucketAt: Date) => ({
      deploymentId: id,
      stepSeconds: step,
      bucketAt,
      samples: 1,
      cpuAvg: 1,
      cpuMax: 1,
      ramAvg: 1,
      ramMax: 1,
    });
    await t.database.db
      .insert(metricRollups)
      .values([
        rollup(300, ago(31 * DAY)),
        rollup(300, ago(29 * DAY)),
        rollup(3600, ago(400 * DAY)),
        rollup(3600, ago(380 * DAY)),
      ]);
    expect(await pruneMetrics(t.database.db, now)).toBeGreaterThanOrEqual(3);
    const raw = await t.database.db
      .select()
      .from(metricSamples)
      .where(eq(metricSamples.deploymentId, id));
    expect(raw.map((r) => r.at.getTime())).toEqual([ago(47 * HOUR).getTime()]);
    expect((await rollupsOf(id, 300)).map((r) => r.bucketAt.getTime())).toEqual([
      ago(29 * DAY).getTime(),
    ]);
    expect((await rollupsOf(id, 3600)).map((r) => r.bucketAt.getTime())).toEqual([
      ago(380 * DAY).getTime(),
    ]);
  });
});

describe('two processes', () => {
  it('one rolls up while the other skips its turn, and the rows are written once', async () => {
    const id = await newApp();
    await addSample(id, 60, 100);
    await addSample(id, 61, 300);
    const other = await openPostgres(t.databaseUrl);
    try {
      const results = await Promise.all([
        maintainMetrics(t.database.db, at(70)),
        maintainMetrics(other.db, at(70)),
      ]);
      expect(results.filter((r) => r !== null).length).toBeGreaterThanOrEqual(1);
    } finally {
      await other.close();
    }
    expect((await rollupsOf(id, 300)).map((r) => [r.samples, r.cpuAvg])).toEqual([[2, 200]]);
  });
});

describe('turns', () => {
  it('rolls the hours up and prunes when the hour has turned, not at every 5-minute turn', async () => {
    const id = await newApp();
    await addSample(id, 90, 100);
    const first = await maintainMetrics(t.database.db, at(125));
    expect(first).toMatchObject({ fiveMinutes: expect.any(Number) });
    expect(first!.hours).toBeGreaterThan(0);
    const again = await maintainMetrics(t.database.db, at(130));
    expect(again).toEqual({ fiveMinutes: again!.fiveMinutes, hours: 0, pruned: 0 });
    expect((await rollupsOf(id, 3600)).map((r) => [r.bucketAt.getTime(), r.cpuAvg])).toEqual([
      [at(60).getTime(), 100],
    ]);
  });
});

describe('a Compose application’s services', () => {
  const serviceRollupsOf = (id: string, step: number) =>
    t.database.db
      .select()
      .from(metricServiceRollups)
      .where(
        and(eq(metricServiceRollups.deploymentId, id), eq(metricServiceRollups.stepSeconds, step)),
      )
      .orderBy(asc(metricServiceRollups.service), asc(metricServiceRollups.bucketAt));
  const addServiceSample = (id: string, service: string, time: Date, cpu: number) =>
    t.database.db
      .insert(metricServiceSamples)
      .values({ deploymentId: id, service, at: time, cpuMilli: cpu, ramMb: cpu * 2, rxBps: cpu });

  it('rolls each service up on its own, in the same turns as the applications', async () => {
    const id = await newApp();
    for (const [minutes, web, db] of [
      [150, 100, 10],
      [151, 300, 30],
      [156, 500, 50],
    ] as const) {
      await addServiceSample(id, 'web', at(minutes), web);
      await addServiceSample(id, 'db', at(minutes), db);
    }
    const turn = await maintainMetrics(t.database.db, at(185));
    expect(turn!.fiveMinutes).toBeGreaterThanOrEqual(4);
    expect(
      (await serviceRollupsOf(id, 300)).map((r) => [r.service, r.samples, r.cpuAvg, r.cpuMax]),
    ).toEqual([
      ['db', 2, 20, 30],
      ['db', 1, 50, 50],
      ['web', 2, 200, 300],
      ['web', 1, 500, 500],
    ]);
    // The hour: averages weighted by samples, each service's own.
    expect(
      (await serviceRollupsOf(id, 3600)).map((r) => [r.service, r.samples, r.cpuAvg, r.ramMax]),
    ).toEqual([
      ['db', 3, 30, 100],
      ['web', 3, 300, 1000],
    ]);
    // Nothing of the services' reached the application's own rows.
    expect(await rollupsOf(id, 300)).toEqual([]);
  });

  it('prunes the services’ rows after the same periods as the applications’', async () => {
    const id = await newApp();
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const DAY = 24 * HOUR;
    await addServiceSample(id, 'web', ago(49 * HOUR), 1);
    await addServiceSample(id, 'web', ago(47 * HOUR), 1);
    const rollup = (step: number, bucketAt: Date) => ({
      deploymentId: id,
      service: 'web',
      stepSeconds: step,
      bucketAt,
      samples: 1,
      cpuAvg: 1,
      cpuMax: 1,
      ramAvg: 1,
      ramMax: 1,
    });
    await t.database.db
      .insert(metricServiceRollups)
      .values([
        rollup(300, ago(31 * DAY)),
        rollup(300, ago(29 * DAY)),
        rollup(3600, ago(400 * DAY)),
        rollup(3600, ago(380 * DAY)),
      ]);
    await pruneMetrics(t.database.db, now);
    const raw = await t.database.db
      .select()
      .from(metricServiceSamples)
      .where(eq(metricServiceSamples.deploymentId, id));
    expect(raw.map((r) => r.at.getTime())).toEqual([ago(47 * HOUR).getTime()]);
    expect((await serviceRollupsOf(id, 300)).map((r) => r.bucketAt.getTime())).toEqual([
      ago(29 * DAY).getTime(),
    ]);
    expect((await serviceRollupsOf(id, 3600)).map((r) => r.bucketAt.getTime())).toEqual([
      ago(380 * DAY).getTime(),
    ]);
  });
});

describe('network rates', () => {
  it('turns running totals into bytes per second, and says nothing across a restart', () => {
    expect(ratePerSecond(1_000, 31_000, 30)).toBe(1_000);
    expect(ratePerSecond(null, 31_000, 30)).toBeNull();
    expect(ratePerSecond(50_000, 2_000, 30)).toBeNull();
  });
});
