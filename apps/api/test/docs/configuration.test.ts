import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/config-env';
import { firstCells, readDoc } from './markdown';

/** Every NAME written in backticks in a cell: a row may document `A` / `B` together. */
const variablesIn = (cell: string) =>
  [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!);

describe('docs/configuration.md', () => {
  it('documents exactly the variables of the configuration schema', () => {
    const documented = firstCells(readDoc('docs/configuration.md'), 'variable').flatMap(
      variablesIn,
    );
    const schema = Object.keys(envSchema.shape);
    const missing = schema.filter((name) => !documented.includes(name));
    const extra = documented.filter((name) => !schema.includes(name));
    const twice = documented.filter((name, i) => documented.indexOf(name) !== i);
    expect({ missing, extra, twice }).toEqual({ missing: [], extra: [], twice: [] });
  });
});
