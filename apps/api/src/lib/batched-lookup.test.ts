import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batched-lookup';

describe('batchedLookup', () => {
  it('answers the lookups of one turn with one query, each its own value', async () => {
    const queries: string[][] = [];
    const lookup = batchedLookup(async (keys: string[]) => {
      queries.push(keys);
      return new Map(keys.filter((k) => k !== 'gone').map((k) => [k, k.toUpperCase()]));
    });
    const answers = await Promise.all(['a', 'b', 'a', 'gone'].map(lookup));
    expect(answers).toEqual(['A', 'B', 'A', undefined]);
    expect(queries).toEqual([['a', 'b', 'gone']]);
    // A later turn reads afresh.
    expect(await lookup('a')).toBe('A');
    expect(queries).toHaveLength(2);
  });

  it('fails every lookup of the batch when the query fails, and the next batch may succeed', async () => {
    let fail = true;
    const lookup = batchedLookup(async (keys: number[]) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, k * 10]));
    });
    const settled = await Promise.allSettled([lookup(1), lookup(2)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await lookup(2)).toBe(20);
  });
});
