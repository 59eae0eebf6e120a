import { cronTexts as t } from './messages/tasks';

/**
 * Five-field cron schedules (minute hour day-of-month month day-of-week), as crontab(5) and
 * Kubernetes CronJobs read them: `*`, numbers, ranges `a-b`, lists `a,b`, steps `*\/n` and
 * `a-b/n`, English three-letter month and day names, 7 = Sunday. When both the day of month
 * and the day of week are restricted, a day matching either runs (crontab's rule). Parsed here
 * once, for the API (validation, next run) and the web form (live preview) alike.
 */

export interface CronSchedule {
  minutes: number[];
  hours: number[];
  days: number[];
  months: number[];
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: number[];
  /** The field was not `*` (crontab's day-of-month / day-of-week rule). */
  daysRestricted: boolean;
  weekdaysRestricted: boolean;
  /** The fields as written, normalised (single spaces, lower case). */
  fields: [string, string, string, string, string];
}

export type CronParse = { ok: true; schedule: CronSchedule } | { ok: false; error: string };

interface FieldRule {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const MONTH_NAMES = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const RULES: FieldRule[] = [
  { name: t.fieldNames[0], min: 0, max: 59 },
  { name: t.fieldNames[1], min: 0, max: 23 },
  { name: t.fieldNames[2], min: 1, max: 31 },
  { name: t.fieldNames[3], min: 1, max: 12, names: MONTH_NAMES },
  { name: t.fieldNames[4], min: 0, max: 7, names: DAY_NAMES },
];

class FieldError extends Error {}

function valueOf(token: string, rule: FieldRule): number {
  const named = rule.names?.indexOf(token) ?? -1;
  if (named >= 0) return named + (rule.names === MONTH_NAMES ? 1 : 0);
  if (!/^\d{1,2}$/.test(token)) throw new FieldError(t.badValue(token, rule.name));
  const n = Number(token);
  if (n < rule.min || n > rule.max) throw new FieldError(t.outOfRange(token, rule));
  return n;
}

function parseField(text: string, rule: FieldRule): number[] {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText, extra] = part.split('/');
    if (extra !== undefined || range === '') throw new FieldError(t.badValue(part, rule.name));
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d{1,2}$/.test(stepText) || Number(stepText) === 0)
        throw new FieldError(t.badStep(part, rule.name));
      step = Number(stepText);
    }
    let from: number;
    let to: number;
    if (range === '*') {
      [from, to] = [rule.min, rule.max];
    } else if (range.includes('-')) {
      const [a = '', b = '', more] = range.split('-');
      if (more !== undefined) throw new FieldError(t.badValue(part, rule.name));
      [from, to] = [valueOf(a, rule), valueOf(b, rule)];
      if (from > to) throw new FieldError(t.badRange(part, rule.name));
    } else {
      from = valueOf(range, rule);
      // `5/15` means from 5 to the end, every 15.
      to = stepText === undefined ? from : rule.max;
    }
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return [...out].sort((a, b) => a - b);
}

export function parseCron(expression: string): CronParse {
  const fields = expression.trim().toLowerCase().split(/\s+/);
  if (expression.trim() === '' || fields.length !== 5) return { ok: false, error: t.fieldCount };
  try {
    const [minutes, hours, days, months, weekdaysRaw] = fields.map((f, i) =>
      parseField(f, RULES[i]!),
    ) as [number[], number[], number[], number[], number[]];
    const weekdays = [...new Set(weekdaysRaw.map((d) => d % 7))].sort((a, b) => a - b);
    const daysRestricted = fields[2] !== '*';
    const weekdaysRestricted = fields[4] !== '*';
    // « le 31 février » never comes: refuse it rather than never run.
    if (!weekdaysRestricted && !months.some((m) => days.some((d) => d <= MONTH_DAYS[m - 1]!)))
      return { ok: false, error: t.neverRuns };
    return {
      ok: true,
      schedule: {
        minutes,
        hours,
        days,
        months,
        weekdays,
        daysRestricted,
        weekdaysRestricted,
        fields: fields as CronSchedule['fields'],
      },
    };
  } catch (err) {
    if (err instanceof FieldError) return { ok: false, error: err.message };
    throw err;
  }
}

/** The longest each month can be (February in a leap year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether `timeZone` is an IANA zone this runtime knows (« Africa/Abidjan », « UTC »). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time at `instant` in `timeZone`, as a UTC date with those fields. */
function wallClock(instant: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!);
}

/** The instant whose wall-clock time in `timeZone` is `wall` (the later one across a gap). */
function instantOf(wall: number, timeZone: string): number {
  let guess = wall - (wallClock(wall, timeZone) - wall);
  guess = wall - (wallClock(guess, timeZone) - guess);
  return guess;
}

function matchesDay(s: CronSchedule, d: Date): boolean {
  const dom = s.days.includes(d.getUTCDate());
  const dow = s.weekdays.includes(d.getUTCDay());
  if (s.daysRestricted && s.weekdaysRestricted) return dom || dow;
  if (s.daysRestricted) return dom;
  if (s.weekdaysRestricted) return dow;
  return true;
}

const MINUTE = 60_000;
/** Looked ahead at most this far (a 29 February on a Monday is rare, not never). */
const HORIZON_MS = 8 * 366 * 24 * 60 * MINUTE;

/**
 * The first time strictly after `after` that the schedule runs, in `timeZone`; null when none
 * comes within eight years. Walks the wall clock by month, day, hour then minute, so a search
 * costs a few hundred steps at most.
 */
export function nextRun(s: CronSchedule, timeZone: string, after: Date): Date | null {
  const start = after.getTime();
  let wall = Math.floor(wallClock(start, timeZone) / MINUTE) * MINUTE + MINUTE;
  const end = wall + HORIZON_MS;
  while (wall < end) {
    const d = new Date(wall);
    if (!s.months.includes(d.getUTCMonth() + 1)) {
      wall = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    } else if (!matchesDay(s, d)) {
      wall = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
    } else if (!s.hours.includes(d.getUTCHours())) {
      wall = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours() + 1);
    } else if (!s.minutes.includes(d.getUTCMinutes())) {
      wall += MINUTE;
    } else {
      const instant = instantOf(wall, timeZone);
      // A wall time repeated when clocks go back: only its first passage after `after`.
      if (instant > start) return new Date(instant);
      wall += MINUTE;
    }
  }
  return null;
}

/** The next `count` runs after `after`. */
export function nextRuns(s: CronSchedule, timeZone: string, after: Date, count: number): Date[] {
  const out: Date[] = [];
  let from = after;
  while (out.length < count) {
    const next = nextRun(s, timeZone, from);
    if (!next) break;
    out.push(next);
    from = next;
  }
  return out;
}
