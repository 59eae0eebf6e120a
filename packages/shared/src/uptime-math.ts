/**
 * The arithmetic of uptime (issue 28 item 3), shared by the API (its answers, the public status
 * page) and the web app (the bars' colours and durations).
 */

export interface DayCount {
  /** `YYYY-MM-DD`, a UTC day. */
  day: string;
  checks: number;
  failures: number;
  simulated: boolean;
}

const DAY_MS = 86_400_000;

/**
 * The share of successful checks, in percent with two decimals, rounded down: one failed check
 * in a month is 99.99 %, never « 100 % » (null: nothing was checked).
 */
export function percentUp(checks: number, failures: number): number | null {
  if (checks <= 0) return null;
  const ok = Math.max(0, checks - Math.min(failures, checks));
  return Math.floor((ok * 10_000) / checks) / 100;
}

/** `YYYY-MM-DD` of the UTC day `daysAgo` days before `now`. */
export function utcDay(now: Date, daysAgo = 0): string {
  return new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);
}

/**
 * One entry per UTC day of the last `days` days, oldest first, today last; a day without a stored
 * counter has no check (a bar « pas de données », not a 100 %).
 */
export function dayBars(rows: readonly DayCount[], days: number, now: Date): DayCount[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const bars: DayCount[] = [];
  for (let ago = days - 1; ago >= 0; ago--) {
    const day = utcDay(now, ago);
    bars.push(byDay.get(day) ?? { day, checks: 0, failures: 0, simulated: false });
  }
  return bars;
}

/** The percentage over several days: every check counts the same, whatever its day. */
export function percentOver(rows: readonly DayCount[]): number | null {
  let checks = 0;
  let failures = 0;
  for (const r of rows) {
    checks += r.checks;
    failures += r.failures;
  }
  return percentUp(checks, failures);
}

export type DayTone = 'up' | 'degraded' | 'down' | 'none';

/** A bar's colour: every check up, at least 99 % up, less, or nothing checked. */
export function dayTone(percent: number | null): DayTone {
  if (percent === null) return 'none';
  if (percent >= 100) return 'up';
  return percent >= 99 ? 'degraded' : 'down';
}

/** A duration in French: « 45 s », « 12 min », « 2 h 05 min », « 3 j 4 h ». */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} j ${hours % 24} h`;
}

/** A percentage as the screens write it: « 99,95 % », « — » when nothing was checked. */
export function formatPercent(percent: number | null): string {
  if (percent === null) return '—';
  return `${percent.toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
}
