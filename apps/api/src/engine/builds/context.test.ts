import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tar from 'tar-stream';
import { afterEach, describe, expect, it } from 'vitest';
import { packContext, parseDockerignore } from './context';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

async function names(dir: string, extra: Record<string, string> = {}) {
  const extract = tar.extract();
  const seen: string[] = [];
  const contents: Record<string, string> = {};
  extract.on('entry', (header, stream, next) => {
    seen.push(
      `${header.type === 'directory' ? 'd' : header.type === 'symlink' ? 'l' : 'f'}:${header.name}`,
    );
    let text = '';
    stream.on('data', (c: unknown) => (text += String(c)));
    stream.on('end', () => {
      contents[header.name] = text;
      next();
    });
  });
  const done = new Promise<void>((resolve) => extract.on('finish', () => resolve()));
  packContext(dir, extra).pipe(extract);
  await done;
  return { seen, contents };
}

describe('build context', () => {
  it('sends the files (long paths too) less .git and .dockerignore matches, plus generated files', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ndtest-ctx-'));
    dirs.push(dir);
    const deep = `src/${'a'.repeat(60)}/${'b'.repeat(60)}/index.js`;
    for (const [f, c] of Object.entries({
      'package.json': '{}',
      [deep]: 'deep',
      '.git/HEAD': 'ref',
      'node_modules/x/index.js': 'x',
      'logs/a.log': 'a',
      'logs/keep.log': 'k',
      '.dockerignore': 'node_modules\n**/*.log\n!logs/keep.log\n# comment\n',
    })) {
      mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      writeFileSync(path.join(dir, f), c);
    }
    symlinkSync('package.json', path.join(dir, 'link.json'));
    const { seen, contents } = await names(dir, { Dockerfile: 'FROM x\n' });
    expect(seen).toContain(`f:${deep}`);
    expect(contents[deep]).toBe('deep');
    expect(contents.Dockerfile).toBe('FROM x\n');
    expect(seen).toContain('l:link.json');
    expect(seen).toContain('f:logs/keep.log');
    expect(
      seen.some((n) => n.includes('.git/') || n.includes('node_modules') || n.endsWith('a.log')),
    ).toBe(false);
  });

  it('.dockerignore: last matching line decides; directories exclude their content', () => {
    const ignored = parseDockerignore('*.md\n!README.md\ntmp/\n/dist\n**/secret?.txt\n');
    expect(ignored('CHANGES.md')).toBe(true);
    expect(ignored('README.md')).toBe(false);
    expect(ignored('docs/a.md')).toBe(false); // `*` does not cross directories
    expect(ignored('tmp/x/y')).toBe(true);
    expect(ignored('dist/app.js')).toBe(true);
    expect(ignored('a/b/secret1.txt')).toBe(true);
    expect(ignored('secret2.txt')).toBe(true);
    expect(ignored('mysecret1.txt')).toBe(false);
    expect(ignored('src/index.js')).toBe(false);
  });
});
