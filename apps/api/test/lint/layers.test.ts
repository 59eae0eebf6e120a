import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The API's layer rules (eslint.config.js) fire on a bad import: each case lints one line of
 * text as if it were a file of the layer, against the repository's own configuration, so a rule
 * that stopped matching (a moved folder, a typo in a zone) fails here and not in review.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const src = path.join(root, 'apps/api/src');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });

async function ruleIdsOf(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, {
    filePath: path.join(src, file),
  });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('API layer rules', () => {
  it.each([
    ['engine → modules', 'engine/bad.ts', "import { value } from '../modules/deployments/access';"],
    ['engine → http', 'engine/drivers/bad.ts', "import { value } from '../../http/spa';"],
    ['engine → app', 'engine/bad.ts', "import { value } from '../app';"],
    ['engine → app-context', 'engine/bad.ts', "import { value } from '../app-context';"],
    ['engine → config', 'engine/bad.ts', "import { value } from '../config';"],
    ['http → modules', 'http/bad.ts', "import { value } from '../modules/users/lookup';"],
    ['lib → db', 'lib/bad.ts', "import { value } from '../db/client';"],
    ['src → test', 'modules/users/bad.ts', "import { value } from '../../../test/helpers/clock';"],
  ])('refuses %s', async (_name, file, code) => {
    expect(await ruleIdsOf(code, file)).toContain('import-x/no-restricted-paths');
  });

  it('lets a module import the engine, db and lib, and a test file import test helpers', async () => {
    expect(
      await ruleIdsOf(
        [
          "import { value } from '../../engine/specs/sealed-secrets';",
          "import { other } from '../../db/client';",
          "import { third } from '../../lib/ids';",
          'export const all = [other, third];',
        ].join('\n'),
        'modules/users/good.ts',
      ),
    ).toEqual([]);
    expect(
      await ruleIdsOf(
        "import { value } from '../../../test/helpers/clock';",
        'modules/users/x.test.ts',
      ),
    ).toEqual([]);
  });
});
