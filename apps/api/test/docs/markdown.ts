import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: the paths the docs write are relative to it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function readDoc(relativePath: string): string {
  return readFileSync(path.join(repoRoot, relativePath), 'utf8');
}

/** The text outside fenced code blocks, where links and tables mean what they say. */
export function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

/**
 * The first cell of every body row of the tables whose header's first cell is `header`
 * (a table is a run of lines starting with `|`: header, separator, body).
 */
export function firstCells(markdown: string, header: string): string[] {
  const found: string[] = [];
  let inTable = false;
  let taken = false;
  for (const line of withoutCodeBlocks(markdown).split('\n')) {
    if (!line.trim().startsWith('|')) {
      inTable = false;
      continue;
    }
    if (!inTable) {
      inTable = true;
      taken = cells(line)[0] === header;
      continue;
    }
    const first = cells(line)[0] ?? '';
    if (taken && !/^:?-+:?$/.test(first)) found.push(first);
  }
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function anchorsOf(markdown: string): Set<string> {
  const headings = withoutCodeBlocks(markdown).match(/^#{1,6} .+$/gm) ?? [];
  return new Set(headings.map((line) => headingAnchor(line.replace(/^#+ /, ''))));
}
