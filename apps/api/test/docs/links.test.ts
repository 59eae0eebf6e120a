import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, readDoc, repoRoot, withoutCodeBlocks } from './markdown';

const documents = [
  'README.md',
  ...readdirSync(path.join(repoRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Relative links `[text](target)`: not web addresses nor mail links. */
const relativeLinks = (markdown: string) =>
  [...withoutCodeBlocks(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));

describe.each(documents)('%s', (document) => {
  it('links only to files and headings that exist', () => {
    const broken = relativeLinks(readDoc(document)).filter((target) => {
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const resolved = file ? path.join(path.dirname(document), file) : document;
      const absolute = path.join(repoRoot, resolved);
      if (!existsSync(absolute)) return true;
      if (anchor === undefined) return false;
      return !statSync(absolute).isFile() || !anchorsOf(readDoc(resolved)).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
