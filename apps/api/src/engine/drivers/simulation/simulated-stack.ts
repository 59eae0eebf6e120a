import type { ServiceMetrics } from '../../driver';
import type { StackRef } from '../../spec';
import { simulatedUsage } from './simulated-pods';

/**
 * A running total of simulated bytes whose rate swings between 0 and twice `bytesPerSecond`
 * over ten minutes (the integral of 1 + sin, so the total never goes down).
 */
export function simulatedNetworkTotal(seconds: number, bytesPerSecond: number): number {
  const t = Math.max(0, seconds);
  return Math.round(bytesPerSecond * (t + 300 * (1 - Math.cos(t / 300))));
}

/**
 * A simulated Compose application's usage per service (issue 30 item 2): each service swings
 * within its own limits, on its own phase (so the curves differ), the exposed one receiving the
 * visitors' traffic and the others the stack's internal exchanges. Nothing runs while the
 * application is not ready: zeros then, and no network.
 */
export function simulatedStackUsage(input: {
  stack: StackRef;
  /** What each service reserves (the deploy's reading of its limits), by Compose name. */
  sizes: Map<string, { cpuMilli: number; ramMb: number }>;
  running: boolean;
  now: Date;
  secondsSinceStart: number;
}): ServiceMetrics[] {
  return input.stack.services.map((service, i) => {
    const size = input.sizes.get(service) ?? { cpuMilli: 0, ramMb: 0 };
    if (!input.running)
      return { service, cpuMilli: 0, ramMb: 0, netRxBytes: null, netTxBytes: null, restarts: null };
    const exposed = service === input.stack.exposed;
    return {
      service,
      cpuMilli: simulatedUsage(size.cpuMilli, 2 * i, input.now, 0.15, 0.55),
      ramMb: simulatedUsage(size.ramMb, 2 * i + 1, input.now, 0.35, 0.7),
      netRxBytes: simulatedNetworkTotal(input.secondsSinceStart, exposed ? 1_500 : 400),
      netTxBytes: simulatedNetworkTotal(input.secondsSinceStart, exposed ? 6_000 : 300),
      restarts: 0,
    };
  });
}
