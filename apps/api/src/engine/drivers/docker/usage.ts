import { serviceOfPod } from '@nuage/shared/compose-pods';
import type { ApplicationMetrics } from '../../driver';
import type { StackRef } from '../../spec';
import { sumOf, usagePerService } from '../service-usage';
import { parseTemplate } from './container-spec';
import type { ContainerInspect, ContainerStats, CpuStats, EngineApi } from './engine-api';
import { EngineError } from './engine-client';
import { componentOf, containerName, labelsOf } from './objects';

/** Logs and live usage from the engine itself (no metrics server on a single host). */

const ORDER: Record<string, number> = { application: 0, database: 1, setup: 2 };

export function byDisplayOrder(cs: ContainerInspect[]): ContainerInspect[] {
  return [...cs].sort(
    (a, b) =>
      (ORDER[componentOf(a) ?? ''] ?? 3) - (ORDER[componentOf(b) ?? ''] ?? 3) ||
      containerName(a).localeCompare(containerName(b), 'en', { numeric: true }),
  );
}

/** The last `tailLines` lines of each container, each line prefixed with its container's name. */
export async function collectLogs(
  api: EngineApi,
  cs: ContainerInspect[],
  tailLines: number,
): Promise<string> {
  const out: string[] = [];
  for (const c of byDisplayOrder(cs)) {
    const text = await api.logs(c.Id, tailLines);
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    for (const line of lines) out.push(`[${containerName(c)}] ${line.replace(/\r$/, '')}`);
  }
  return out.join('\n');
}

/** CPU in millicores between two readings; null when the earlier one is empty. */
export function cpuMilli(prev: CpuStats | undefined, cur: CpuStats | undefined): number | null {
  const used = (cur?.cpu_usage?.total_usage ?? 0) - (prev?.cpu_usage?.total_usage ?? 0);
  const system = (cur?.system_cpu_usage ?? 0) - (prev?.system_cpu_usage ?? 0);
  if (!prev?.cpu_usage?.total_usage || !prev.system_cpu_usage || system <= 0) return null;
  const cpus = cur?.online_cpus || cur?.cpu_usage?.percpu_usage?.length || 1;
  return Math.max(0, Math.round((used / system) * cpus * 1000));
}

/** Memory in MB (10^6 bytes, the unit of the limits), without the reclaimable page cache. */
export function memoryMb(stats: ContainerStats): number {
  const m = stats.memory_stats;
  const cache = m?.stats?.total_inactive_file ?? m?.stats?.inactive_file ?? 0;
  return Math.round((Math.max(0, (m?.usage ?? 0) - cache) / 1e6) * 10) / 10;
}

const SECOND_SAMPLE_MS = 500;

async function containerUsage(api: EngineApi, c: ContainerInspect) {
  const first = await api.stats(c.Id);
  let cpu = cpuMilli(first.precpu_stats, first.cpu_stats);
  let last = first;
  // Podman (and Docker's one-shot mode) leaves precpu empty: measure over a short interval.
  if (cpu === null) {
    await new Promise((r) => setTimeout(r, SECOND_SAMPLE_MS));
    last = await api.stats(c.Id);
    cpu = cpuMilli(first.cpu_stats, last.cpu_stats) ?? 0;
  }
  const net = networkTotals(last);
  return {
    name: containerName(c),
    container: c,
    cpuMilli: cpu,
    ramMb: memoryMb(last),
    rx: net?.rx ?? null,
    tx: net?.tx ?? null,
    restarts: c.RestartCount ?? 0,
  };
}

/** Bytes received and sent over every interface since the container started; null if untold. */
export function networkTotals(stats: ContainerStats): { rx: number; tx: number } | null {
  const nets = Object.values(stats.networks ?? {});
  if (nets.length === 0) return null;
  return {
    rx: nets.reduce((sum, n) => sum + (n.rx_bytes ?? 0), 0),
    tx: nets.reduce((sum, n) => sum + (n.tx_bytes ?? 0), 0),
  };
}

/**
 * The Compose service a stack's container runs (stack.ts): the exposed service's are the
 * application's replicas; any other service's container carries its Compose name as its
 * network alias (its template label), else, in its name (`<app>-<service>`).
 */
export function serviceOfContainer(c: ContainerInspect, stack: StackRef): string {
  if (componentOf(c) === 'application') return stack.exposed;
  const alias = parseTemplate(labelsOf(c))?.aliases[0];
  if (alias && stack.services.includes(alias)) return alias;
  return serviceOfPod(containerName(c), stack.services, stack.exposed);
}

export async function collectMetrics(
  api: EngineApi,
  cs: ContainerInspect[],
  stack?: StackRef,
): Promise<ApplicationMetrics> {
  const running = byDisplayOrder(cs).filter((c) => c.State.Running && componentOf(c) !== 'setup');
  // A container stopping between the listing and its reading is left out, not an error.
  const readings = await Promise.all(
    running.map((c) =>
      containerUsage(api, c).catch((err: unknown) => {
        if (err instanceof EngineError) return null;
        throw err;
      }),
    ),
  );
  const read = readings.filter((p) => p !== null);
  return {
    cpuMilli: read.reduce((sum, p) => sum + p.cpuMilli, 0),
    ramMb: Math.round(read.reduce((sum, p) => sum + p.ramMb, 0) * 10) / 10,
    pods: read.map(({ name, cpuMilli, ramMb }) => ({ name, cpuMilli, ramMb })),
    netRxBytes: sumOf(read.map((p) => p.rx)),
    netTxBytes: sumOf(read.map((p) => p.tx)),
    restarts: read.reduce((sum, p) => sum + p.restarts, 0),
    ...(stack && {
      services: usagePerService(
        stack,
        read.map((p) => ({ ...p, service: serviceOfContainer(p.container, stack) })),
      ),
    }),
    source: 'docker',
    collectedAt: new Date().toISOString(),
  };
}
