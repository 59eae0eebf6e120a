import { ERRORS_5XX_MIN_REQUESTS } from '@nuage/shared/messages/metric-alerts';
import type { MetricAlertKind } from '@nuage/shared/schemas/metric-alerts';

/** One stored sample, as the evaluation reads it (`at` in ms since 1970). */
export interface AlertSample {
  at: number;
  cpuMilli: number;
  ramMb: number;
  restarts: number | null;
  /** The fullest volume's % of its size; null where it was not measured. */
  diskPercent?: number | null;
}

export interface AlertRule {
  kind: MetricAlertKind;
  threshold: number;
  windowMinutes: number;
}

/**
 * `firing`: the rule's condition held over the whole window; `clear`: it is over (or nothing is
 * measured any more: a stopped application); `holding`: in between, an open alert stays open and
 * none opens (the hysteresis that keeps a value hovering at the threshold from flapping).
 * `value`: the window's average in % of the limit, or its restart count.
 */
export type Verdict = { state: 'firing' | 'clear' | 'holding'; value: number };

export interface EvaluationContext {
  now: number;
  /** What the application reserves (its limit times its replicas). */
  limits: { cpuMilli: number; ramMb: number };
  /** The sampling interval: the window counts as covered when its first sample is this close. */
  sampleMs: number;
}

/** How far before the window the samples must be read (the restart count's starting point). */
export const lookBehindMs = (rule: AlertRule, sampleMs: number) =>
  rule.windowMinutes * 60_000 + 2 * sampleMs;

/**
 * CPU and memory: an alert opens when every sample of the last N minutes is above the threshold
 * and the samples cover the whole window (a spike, or an application started a minute ago, is no
 * alert); it closes when the window's average is back at or below it.
 * Restarts: opens when more than the threshold happened within the window, closes when none did.
 */
export function evaluateRule(
  rule: AlertRule,
  samples: AlertSample[],
  c: EvaluationContext,
): Verdict {
  const start = c.now - rule.windowMinutes * 60_000;
  const sorted = [...samples].filter((s) => s.at <= c.now).sort((a, b) => a.at - b.at);
  const inWindow = sorted.filter((s) => s.at > start);
  if (rule.kind === 'restarts') return evaluateRestarts(rule, sorted, inWindow, start);
  if (rule.kind === 'disk') {
    // Already a share of each volume's size: the samples that carry a disk measure.
    const measured = inWindow.filter((s) => s.diskPercent != null);
    return overThreshold(
      rule,
      measured.map((s) => s.diskPercent!),
      measured,
      start,
      c,
    );
  }
  const limit = rule.kind === 'cpu' ? c.limits.cpuMilli : c.limits.ramMb;
  if (inWindow.length === 0 || limit <= 0) return { state: 'clear', value: 0 };
  const percents = inWindow.map(
    (s) => ((rule.kind === 'cpu' ? s.cpuMilli : s.ramMb) / limit) * 100,
  );
  return overThreshold(rule, percents, inWindow, start, c);
}

/** Every sample of a covered window above the threshold opens; an average at or under it closes. */
function overThreshold(
  rule: AlertRule,
  percents: number[],
  inWindow: AlertSample[],
  start: number,
  c: EvaluationContext,
): Verdict {
  if (percents.length === 0) return { state: 'clear', value: 0 };
  const average = Math.round(percents.reduce((a, b) => a + b, 0) / percents.length);
  const covered = inWindow.length >= 2 && inWindow[0]!.at <= start + 1.5 * c.sampleMs;
  if (covered && percents.every((p) => p > rule.threshold))
    return { state: 'firing', value: average };
  return { state: average <= rule.threshold ? 'clear' : 'holding', value: average };
}

/**
 * Restarts within the window, from the containers' running totals: the increases between
 * consecutive samples, starting from the last sample before the window. A total that went down
 * (containers replaced) counts from zero again.
 */
export function restartsWithin(sorted: AlertSample[], inWindow: AlertSample[], start: number) {
  const before = sorted.filter((s) => s.at <= start && s.restarts !== null).at(-1);
  let previous = before?.restarts ?? null;
  let count = 0;
  for (const s of inWindow) {
    if (s.restarts === null) continue;
    if (previous !== null) count += s.restarts >= previous ? s.restarts - previous : s.restarts;
    previous = s.restarts;
  }
  return count;
}

function evaluateRestarts(
  rule: AlertRule,
  sorted: AlertSample[],
  inWindow: AlertSample[],
  start: number,
): Verdict {
  if (!inWindow.some((s) => s.restarts !== null)) return { state: 'clear', value: 0 };
  const count = restartsWithin(sorted, inWindow, start);
  if (count > rule.threshold) return { state: 'firing', value: count };
  return { state: count === 0 ? 'clear' : 'holding', value: count };
}

/** One minute of traffic at the edge (traffic_samples), as the 5xx rule reads it. */
export interface TrafficMinute {
  at: number;
  requests: number;
  status5xx: number;
}

/**
 * The share of 5xx answers among the window's requests, in whole %: an alert opens above the
 * threshold when the window holds at least ERRORS_5XX_MIN_REQUESTS requests (two failures out
 * of three requests at night are no outage); it closes at or below the threshold, or when
 * nothing was served any more; with too few requests an open alert stays open.
 */
export function evaluateErrorRate(
  rule: AlertRule,
  minutes: TrafficMinute[],
  c: Pick<EvaluationContext, 'now'>,
): Verdict {
  const start = c.now - rule.windowMinutes * 60_000;
  const inWindow = minutes.filter((m) => m.at > start && m.at <= c.now);
  const requests = inWindow.reduce((n, m) => n + m.requests, 0);
  const errors = inWindow.reduce((n, m) => n + m.status5xx, 0);
  if (requests === 0) return { state: 'clear', value: 0 };
  const rate = Math.round((errors / requests) * 100);
  if (rate <= rule.threshold) return { state: 'clear', value: rate };
  return { state: requests >= ERRORS_5XX_MIN_REQUESTS ? 'firing' : 'holding', value: rate };
}
