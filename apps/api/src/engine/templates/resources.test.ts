import { describe, expect, it } from 'vitest';
import { splitResources } from './resources';

describe('splitResources', () => {
  it('gives the database the same resources whatever the replica count', () => {
    const base = { cpuMilli: 1000, ramMb: 1000, storageMb: 4000 };
    const one = splitResources({ ...base, replicas: 1 });
    for (const replicas of [2, 3, 8]) {
      const split = splitResources({ ...base, replicas });
      expect(split.database).toEqual(one.database);
      // Everything charged is still handed out: the extra replicas are the application's.
      expect(split.app.cpuMilli * replicas + split.database.cpuMilli).toBeLessThanOrEqual(
        base.cpuMilli * replicas,
      );
      expect(split.app.cpuMilli).toBeGreaterThan(one.app.cpuMilli);
    }
  });
});
