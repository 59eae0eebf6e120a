import { parseCron, type CronSchedule } from './cron';
import { cronTexts as t } from './messages/tasks';

/**
 * The French sentence of a schedule: « tous les jours à 02:00 », « toutes les 5 minutes »,
 * « le lundi à 08:30 », « du lundi au vendredi à 08:30 », « le 1er de chaque mois à 03:00 »…
 * One function for the API (task lists, notifications) and the form's live preview.
 */

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (h: number, m: number) => `${pad(h)}:${pad(m)}`;

/** « a », « a et b », « a, b et c ». */
function joinFr(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
}

/** A field's step when it is « every n » from its start (`*\/n`), else null. */
function everyStep(values: number[], min: number, max: number): number | null {
  if (values.length < 2 || values[0] !== min) return null;
  const step = values[1]! - values[0]!;
  for (let i = 1; i < values.length; i++) if (values[i]! - values[i - 1]! !== step) return null;
  // `*/7` on minutes stops at 56: the last value is the last one under max.
  return values[values.length - 1]! + step > max ? step : null;
}

/** Consecutive runs of three or more values read as a range: [1,2,3,5] → « 1 à 3 », « 5 ». */
function ranges(values: number[], label: (n: number) => string, to: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < values.length;) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[j]! + 1) j++;
    if (j - i >= 2) out.push(`${label(values[i]!)} ${to} ${label(values[j]!)}`);
    else for (let k = i; k <= j; k++) out.push(label(values[k]!));
    i = j + 1;
  }
  return out;
}

const dayOfMonth = (d: number) => (d === 1 ? '1er' : String(d));

/** The days part: null for every day. */
function daysPart(s: CronSchedule): string | null {
  const everyMonth = s.months.length === 12;
  const monthList = joinFr(ranges(s.months, (m) => MONTHS[m - 1]!, 'à'));
  const inMonths = everyMonth ? '' : ` en ${monthList}`;
  const weekdays = () => {
    const list = s.weekdays;
    if (list.join() === '1,2,3,4,5') return 'du lundi au vendredi';
    if (list.join() === '0,6') return 'le samedi et le dimanche';
    const named = ranges(list, (d) => WEEKDAYS[d]!, 'au');
    return named.length === 1 && named[0]!.includes(' au ')
      ? `du ${named[0]}`
      : `le ${joinFr(named).replaceAll(', ', ', le ').replace(' et ', ' et le ')}`;
  };
  const monthDays = () => {
    const step = everyStep(s.days, 1, 31);
    if (step) return `tous les ${step} jours`;
    const list = joinFr(ranges(s.days, dayOfMonth, 'au'));
    if (!everyMonth && s.months.length === 1) return `le ${list} ${MONTHS[s.months[0]! - 1]}`;
    return `le ${list} de chaque mois`;
  };
  if (s.daysRestricted && s.weekdaysRestricted) {
    const single = !everyMonth && s.months.length === 1;
    const days = monthDays();
    return `${single ? days : days.replace(' de chaque mois', '')} ou ${weekdays()}${single ? '' : inMonths}`;
  }
  if (s.daysRestricted) {
    const days = monthDays();
    return everyMonth || s.months.length === 1
      ? days
      : `${days.replace(' de chaque mois', '')}${inMonths}`;
  }
  if (s.weekdaysRestricted) return `${weekdays()}${inMonths}`;
  return everyMonth ? null : `tous les jours${inMonths}`;
}

/** The times part, and whether it reads as a frequency (« toutes les 5 minutes »). */
function timesPart(s: CronSchedule): { text: string; frequency: boolean } {
  const allHours = s.hours.length === 24;
  const minuteStep = everyStep(s.minutes, 0, 59);
  const hourStep = everyStep(s.hours, 0, 23);
  const hourRange = allHours ? '' : `, ${joinFr(ranges(s.hours, (h) => `${pad(h)} h`, 'à'))}`;
  if (s.minutes.length === 60)
    return {
      text: `toutes les minutes${allHours ? '' : hourRange.replace(', ', ', de ')}`,
      frequency: true,
    };
  if (minuteStep) return { text: `toutes les ${minuteStep} minutes${hourRange}`, frequency: true };
  if (allHours || (hourStep && s.minutes.length === 1)) {
    const at =
      s.minutes.length === 1
        ? `à la minute ${s.minutes[0]}`
        : `aux minutes ${joinFr(s.minutes.map(String))}`;
    const every = allHours ? 'toutes les heures' : `toutes les ${hourStep} heures`;
    return { text: `${every}, ${at}`, frequency: true };
  }
  if (s.hours.length * s.minutes.length <= 6) {
    const times = s.hours.flatMap((h) => s.minutes.map((m) => hhmm(h, m)));
    return { text: `à ${joinFr(times)}`, frequency: false };
  }
  const minutes = joinFr(ranges(s.minutes, String, 'à'));
  return { text: `aux minutes ${minutes}${hourRange.replace(', ', ', de ')}`, frequency: true };
}

export function describeSchedule(s: CronSchedule): string {
  const days = daysPart(s);
  const times = timesPart(s);
  if (!days) return times.frequency ? times.text : `tous les jours ${times.text}`;
  return times.frequency ? `${days}, ${times.text}` : `${days} ${times.text}`;
}

/** The sentence of an expression, or its French error. */
export function describeCron(
  expression: string,
): { ok: true; text: string } | { ok: false; error: string } {
  const parsed = parseCron(expression);
  return parsed.ok ? { ok: true, text: describeSchedule(parsed.schedule) } : parsed;
}

/** « tous les jours à 02:00 (fuseau Africa/Abidjan) ». */
export const withTimeZone = (text: string, timeZone: string) => t.inTimeZone(text, timeZone);
