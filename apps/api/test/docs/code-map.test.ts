import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDoc, repoRoot } from './markdown';

/** The "## Code map" section of docs/development.md, up to the next section of that level. */
function codeMap(): string {
  const doc = readDoc('docs/development.md');
  const start = doc.indexOf('\n## Code map\n');
  if (start === -1) throw new Error('docs/development.md has no "## Code map" section');
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end === -1 ? undefined : end);
}

/**
 * Backticked repository paths: at least one `/`, no leading `/` (that is a URL), nothing but
 * file-name characters. Folder names alone (`db`, `mail`) are not checked.
 */
const repositoryPaths = (text: string) =>
  [...text.matchAll(/`([\w.-]+(?:\/[\w.-]+)+)\/?`/g)].map((match) => match[1]!);

describe('the code map of docs/development.md', () => {
  it('names only paths that exist in the repository', () => {
    const paths = repositoryPaths(codeMap());
    // A renamed heading or a broken pattern must not make this pass on nothing.
    expect(paths.length).toBeGreaterThan(100);
    const missing = [...new Set(paths)].filter((p) => !existsSync(path.join(repoRoot, p)));
    expect(missing).toEqual([]);
  });
});
