import type { ServiceMetrics } from '../driver';
import type { StackRef } from '../spec';

/** One container's or pod's usage, with the Compose service it runs. */
export interface ServiceShare {
  service: string;
  cpuMilli: number;
  ramMb: number;
  rx?: number | null;
  tx?: number | null;
  restarts?: number | null;
}

/** The sum of the values told; null when none was (a runtime that does not say). */
export const sumOf = (values: (number | null | undefined)[]) =>
  values.some((v) => v !== null && v !== undefined)
    ? values.reduce<number>((s, v) => s + (v ?? 0), 0)
    : null;

/**
 * A Compose application's usage per service (issue 30 item 2), shared by the runtimes: every
 * service of the stack in its order, its containers or pods summed. A service with none running
 * uses nothing (0), and says nothing of its network or restarts (null).
 */
export function usagePerService(stack: StackRef, shares: ServiceShare[]): ServiceMetrics[] {
  return stack.services.map((service) => {
    const own = shares.filter((s) => s.service === service);
    return {
      service,
      cpuMilli: own.reduce((sum, s) => sum + s.cpuMilli, 0),
      ramMb: Math.round(own.reduce((sum, s) => sum + s.ramMb, 0) * 10) / 10,
      netRxBytes: sumOf(own.map((s) => s.rx)),
      netTxBytes: sumOf(own.map((s) => s.tx)),
      restarts: sumOf(own.map((s) => s.restarts)),
    };
  });
}
