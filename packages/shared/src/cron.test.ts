import { describe, expect, it } from 'vitest';
import { nextRun, nextRuns, parseCron, isTimeZone } from './cron';
import { describeCron } from './cron-preview';

const schedule = (expr: string) => {
  const parsed = parseCron(expr);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.schedule;
};
const error = (expr: string) => {
  const parsed = parseCron(expr);
  return parsed.ok ? null : parsed.error;
};
const text = (expr: string) => {
  const d = describeCron(expr);
  return d.ok ? d.text : `ERREUR ${d.error}`;
};

describe('parseCron', () => {
  it('reads steps, ranges, lists and names', () => {
    expect(schedule('*/15 * * * *').minutes).toEqual([0, 15, 30, 45]);
    expect(schedule('0 9-17/4 * * *').hours).toEqual([9, 13, 17]);
    expect(schedule('5,10 0 * * *').minutes).toEqual([5, 10]);
    expect(schedule('0 0 * jan,dec mon-fri').months).toEqual([1, 12]);
    expect(schedule('0 0 * * mon-fri').weekdays).toEqual([1, 2, 3, 4, 5]);
    // 7 is Sunday too.
    expect(schedule('0 0 * * 7').weekdays).toEqual([0]);
  });

  it('refuses wrong expressions with a French message naming the field', () => {
    expect(error('* * * *')).toContain('5 champs');
    expect(error('')).toContain('5 champs');
    expect(error('61 * * * *')).toBe(
      'La valeur « 61 » du champ minute doit être comprise entre 0 et 59.',
    );
    expect(error('0 24 * * *')).toContain('champ heure');
    expect(error('0 0 0 * *')).toContain('jour du mois');
    expect(error('0 0 * 13 *')).toContain('champ mois');
    expect(error('0 0 * * 8')).toContain('jour de la semaine');
    expect(error('*/0 * * * *')).toContain('pas');
    expect(error('0 5-2 * * *')).toContain('intervalle');
    expect(error('a * * * *')).toBe(
      'Valeur « a » invalide pour le champ minute de la planification.',
    );
    expect(error('0 0 31 2 *')).toContain('jamais');
  });
});

describe('nextRun', () => {
  it('finds the next slot in the time zone (Abidjan is UTC all year)', () => {
    const after = new Date('2026-03-10T01:59:30Z');
    expect(nextRun(schedule('0 2 * * *'), 'Africa/Abidjan', after)?.toISOString()).toBe(
      '2026-03-10T02:00:00.000Z',
    );
    expect(
      nextRuns(schedule('*/5 * * * *'), 'Africa/Abidjan', after, 3).map((d) => d.toISOString()),
    ).toEqual(['2026-03-10T02:00:00.000Z', '2026-03-10T02:05:00.000Z', '2026-03-10T02:10:00.000Z']);
  });

  it('reads the wall clock of other zones, across daylight saving time', () => {
    // Paris is UTC+1 in winter, UTC+2 from 29 March 2026.
    const s = schedule('30 8 * * *');
    expect(nextRun(s, 'Europe/Paris', new Date('2026-03-27T12:00:00Z'))?.toISOString()).toBe(
      '2026-03-28T07:30:00.000Z',
    );
    expect(nextRun(s, 'Europe/Paris', new Date('2026-03-28T12:00:00Z'))?.toISOString()).toBe(
      '2026-03-29T06:30:00.000Z',
    );
  });

  it('runs on either day when both day fields are restricted (crontab rule)', () => {
    // The 1st of the month, or Mondays: 2026-06-01 is a Monday, next is Monday 8th.
    const runs = nextRuns(schedule('0 0 1 * 1'), 'UTC', new Date('2026-05-30T00:00:00Z'), 3);
    expect(runs.map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2026-06-01',
      '2026-06-08',
      '2026-06-15',
    ]);
  });

  it('knows February 29th', () => {
    expect(
      nextRun(schedule('0 0 29 2 *'), 'UTC', new Date('2026-01-01T00:00:00Z'))?.toISOString(),
    ).toBe('2028-02-29T00:00:00.000Z');
  });

  it('knows time zones', () => {
    expect(isTimeZone('Africa/Abidjan')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('describeCron', () => {
  it.each([
    ['0 2 * * *', 'tous les jours à 02:00'],
    ['*/5 * * * *', 'toutes les 5 minutes'],
    ['* * * * *', 'toutes les minutes'],
    ['30 8 * * 1', 'le lundi à 08:30'],
    ['30 8 * * 1-5', 'du lundi au vendredi à 08:30'],
    ['0 8 * * 1,3', 'le lundi et le mercredi à 08:00'],
    ['0 10 * * 6,0', 'le samedi et le dimanche à 10:00'],
    ['0 3 1 * *', 'le 1er de chaque mois à 03:00'],
    ['0 3 15 6 *', 'le 15 juin à 03:00'],
    ['0 8,18 * * *', 'tous les jours à 08:00 et 18:00'],
    ['15 * * * *', 'toutes les heures, à la minute 15'],
    ['0 */2 * * *', 'toutes les 2 heures, à la minute 0'],
    ['*/10 9-17 * * 1-5', 'du lundi au vendredi, toutes les 10 minutes, 09 h à 17 h'],
  ])('%s → %s', (expr, expected) => {
    expect(text(expr)).toBe(expected);
  });
});
