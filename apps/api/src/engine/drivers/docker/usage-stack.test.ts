import { describe, expect, it } from 'vitest';
import { LABELS } from '../../spec';
import type { ContainerInspect, ContainerStats, EngineApi } from './engine-api';
import { DOCKER_LABELS } from './labels';
import { collectMetrics } from './usage';

/**
 * A Compose stack's usage per service (issue 30 item 2) from the engine's stats, as the docker
 * driver reads them: the exposed service's replica, the other services' containers, each with
 * its own figures; an engine faked at its stats call, as its containers are labelled by stack.ts.
 */
const stack = { services: ['web', 'db', 'cache'], exposed: 'web' };

function container(
  name: string,
  component: string,
  aliases: string[],
  opts: { running?: boolean; restarts?: number } = {},
): ContainerInspect {
  return {
    Id: `id-${name}`,
    Name: `/${name}`,
    RestartCount: opts.restarts ?? 0,
    State: {
      Status: 'running',
      Running: opts.running ?? true,
      Restarting: false,
      OOMKilled: false,
      ExitCode: 0,
      StartedAt: '',
      FinishedAt: '',
    },
    Config: {
      Image: 'x',
      Env: null,
      Cmd: null,
      Entrypoint: null,
      Labels: {
        [LABELS.component]: component,
        [DOCKER_LABELS.template]: JSON.stringify({ aliases }),
      },
    },
    NetworkSettings: { Ports: null },
  };
}

/** 2 s of a 4-CPU host between the readings: `milli` millicores; `mb` MB of memory. */
function stats(milli: number, mb: number, rx: number, tx: number): ContainerStats {
  return {
    precpu_stats: { cpu_usage: { total_usage: 1e9 }, system_cpu_usage: 100e9, online_cpus: 4 },
    cpu_stats: {
      cpu_usage: { total_usage: 1e9 + (milli / 4000) * 2e9 },
      system_cpu_usage: 102e9,
      online_cpus: 4,
    },
    memory_stats: { usage: mb * 1e6 },
    networks: { eth0: { rx_bytes: rx, tx_bytes: tx } },
  };
}

const engine = (byId: Record<string, ContainerStats>) =>
  ({ stats: async (id: string) => byId[id]! }) as unknown as EngineApi;

describe('collectMetrics for a Compose stack', () => {
  const containers = [
    container('shop-0', 'application', ['shop', 'web'], { restarts: 1 }),
    container('shop-db', 'service', ['db']),
    container('shop-cache', 'service', ['cache'], { running: false }),
  ];
  const api = engine({
    'id-shop-0': stats(200, 120, 5_000, 40_000),
    'id-shop-db': stats(100, 300, 900, 700),
  });

  it('gives each service its own containers’ CPU, memory, network totals and restarts', async () => {
    const m = await collectMetrics(api, containers, stack);
    expect(m.services).toEqual([
      {
        service: 'web',
        cpuMilli: 200,
        ramMb: 120,
        netRxBytes: 5_000,
        netTxBytes: 40_000,
        restarts: 1,
      },
      { service: 'db', cpuMilli: 100, ramMb: 300, netRxBytes: 900, netTxBytes: 700, restarts: 0 },
      // Stopped: it uses nothing, and its network is not known.
      {
        service: 'cache',
        cpuMilli: 0,
        ramMb: 0,
        netRxBytes: null,
        netTxBytes: null,
        restarts: null,
      },
    ]);
  });

  it('keeps the application’s totals as they were: the sum of every container', async () => {
    const m = await collectMetrics(api, containers, stack);
    expect(m).toMatchObject({ cpuMilli: 300, ramMb: 420, netRxBytes: 5_900, netTxBytes: 40_700 });
    expect(m.restarts).toBe(1);
    const alone = await collectMetrics(api, containers);
    expect(alone.services).toBeUndefined();
    expect({ cpu: alone.cpuMilli, ram: alone.ramMb }).toEqual({ cpu: 300, ram: 420 });
  });

  it('finds a service by its container’s name when its template label says nothing', async () => {
    const bare = container('shop-db', 'service', []);
    const m = await collectMetrics(engine({ 'id-shop-db': stats(50, 10, 1, 2) }), [bare], stack);
    expect(m.services?.find((s) => s.service === 'db')).toMatchObject({ cpuMilli: 50, ramMb: 10 });
  });
});
