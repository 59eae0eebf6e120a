import type { BuildUsageProbe } from './builder';

/**
 * The simulation's build usage: plausible, clearly computed values (marked simulated, shown so):
 * the CPU around two thirds of the build's limit with some swing, the memory climbing from a
 * quarter to about two thirds of its limit as dependencies would be installed.
 */
export function simulatedUsage(
  limits: { cpuMilli: number; ramMb: number },
  now: () => number = () => Date.now(),
): BuildUsageProbe {
  const start = now();
  return () => {
    const seconds = (now() - start) / 1000;
    const swing = Math.sin(seconds / 2) * 0.2 + (Math.random() - 0.5) * 0.1;
    const cpu = limits.cpuMilli * Math.min(0.95, Math.max(0.2, 0.65 + swing));
    const ram = limits.ramMb * (0.25 + 0.4 * (1 - Math.exp(-seconds / 20)));
    return Promise.resolve({ cpuMilli: Math.round(cpu), ramMb: Math.round(ram), simulated: true });
  };
}
