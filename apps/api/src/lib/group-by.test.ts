import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by';

describe('groupBy', () => {
  it('groups by key, keeping the order of the items within each group', () => {
    const rows = [
      { p: 'a', n: 1 },
      { p: 'b', n: 2 },
      { p: 'a', n: 3 },
    ];
    const groups = groupBy(rows, (r) => r.p);
    expect([...groups.keys()]).toEqual(['a', 'b']);
    expect(groups.get('a')!.map((r) => r.n)).toEqual([1, 3]);
    expect(groups.get('c')).toBeUndefined();
  });
});
