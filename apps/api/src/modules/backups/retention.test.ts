import { describe, expect, it } from 'vitest';
import { backupsToDelete, type RetainedBackup } from './retention';

const now = new Date('2026-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

/** One backup a day, newest last, from a string like "SSFFF" (S success, F failed, R running). */
function history(pattern: string): RetainedBackup[] {
  return [...pattern].map((letter, i) => ({
    id: `b${i}`,
    status: letter === 'S' ? 'success' : letter === 'F' ? 'failed' : 'running',
    startedAt: daysAgo(pattern.length - 1 - i),
  }));
}

describe('backup retention', () => {
  it('keeps the newest successful backups up to the count and deletes the older ones', () => {
    expect(backupsToDelete(history('SSSSS'), { keepCount: 3, keepDays: 30 }, now)).toEqual([
      'b1',
      'b0',
    ]);
  });

  it('never lets a run of failures push the last good backup out', () => {
    // Two good backups, then ten failed nights: the failures do not count towards the 2 kept.
    const list = history('SSFFFFFFFFFF');
    expect(backupsToDelete(list, { keepCount: 2, keepDays: 30 }, now)).toEqual([]);
  });

  it('keeps the last good backup even when it is older than the age limit', () => {
    // 40 days of failures after one good backup, with a 7-day age limit.
    const list = history('S' + 'F'.repeat(40));
    const doomed = backupsToDelete(list, { keepCount: 5, keepDays: 7 }, now);
    expect(doomed).not.toContain('b0');
    // The expired failures go (days 8 to 39), the recent ones stay for the page to show.
    expect(doomed).toHaveLength(32);
    expect(doomed.every((id) => list.find((b) => b.id === id)?.status === 'failed')).toBe(true);
  });

  it('deletes expired successful backups once a newer one succeeded', () => {
    const list = history('S' + 'F'.repeat(10) + 'S');
    expect(backupsToDelete(list, { keepCount: 5, keepDays: 7 }, now)).toEqual([
      'b3',
      'b2',
      'b1',
      'b0',
    ]);
  });

  it('never deletes a backup still running, and treats a count of 0 as 1', () => {
    const list = history('RSS');
    list[0]!.startedAt = daysAgo(100);
    expect(backupsToDelete(list, { keepCount: 0, keepDays: 1 }, now)).toEqual(['b1']);
  });

  it('keeps everything when all backups failed and none expired', () => {
    expect(backupsToDelete(history('FFFF'), { keepCount: 1, keepDays: 30 }, now)).toEqual([]);
  });
});
