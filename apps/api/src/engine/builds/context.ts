import { createReadStream } from 'node:fs';
import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import tar from 'tar-stream';

/**
 * The build context of a checkout as a tar stream, what `docker build` sends: the files less
 * `.git` and what `.dockerignore` excludes (its patterns: `*`, `**`, `?`, `!` exceptions, the
 * last matching line deciding), plus generated files (the Dockerfile of a detected project).
 */
export function packContext(
  dir: string,
  extra: Record<string, string> = {},
  /** `.dockerignore` lines used when the repository has none (a generated Dockerfile's). */
  defaultIgnore = '',
): Readable {
  const pack = tar.pack();
  void (async () => {
    try {
      const ignore = parseDockerignore(
        await readFile(path.join(dir, '.dockerignore'), 'utf8').catch(() => defaultIgnore),
      );
      for (const [name, content] of Object.entries(extra)) {
        await entry(pack, { name, mode: 0o644 }, Buffer.from(content, 'utf8'));
      }
      await walk(pack, dir, '', ignore, new Set(Object.keys(extra)));
      pack.finalize();
    } catch (err) {
      pack.destroy(err as Error);
    }
  })();
  // tar-stream's streams are streamx ones: a Node Readable for the HTTP request to pipe.
  return Readable.from(pack);
}

async function walk(
  pack: tar.Pack,
  root: string,
  rel: string,
  ignored: (p: string) => boolean,
  skip: Set<string>,
): Promise<void> {
  const names = (await readdir(path.join(root, rel))).sort();
  for (const name of names) {
    const relPath = rel ? `${rel}/${name}` : name;
    if (relPath === '.git' || skip.has(relPath)) continue;
    const full = path.join(root, relPath);
    const info = await lstat(full);
    const excluded = ignored(relPath);
    if (info.isDirectory()) {
      // An excluded directory is still walked: a later `!` line may bring files back.
      if (!excluded)
        await entry(pack, { name: relPath, type: 'directory', mode: info.mode & 0o7777 });
      await walk(pack, root, relPath, ignored, skip);
    } else if (excluded) {
      continue;
    } else if (info.isSymbolicLink()) {
      await entry(pack, { name: relPath, type: 'symlink', linkname: await readlink(full) });
    } else if (info.isFile()) {
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry(
          { name: relPath, size: info.size, mode: info.mode & 0o7777 },
          (err) => (err ? reject(err) : resolve()),
        );
        createReadStream(full).on('error', reject).pipe(sink);
      });
    }
  }
}

function entry(
  pack: tar.Pack,
  header: Partial<tar.Header> & { name: string },
  body?: Buffer,
): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry(header as tar.Header, body ?? Buffer.alloc(0), (err) =>
      err ? reject(err) : resolve(),
    );
  });
}

/** `.dockerignore` → a predicate on slash-separated relative paths. */
export function parseDockerignore(text: string): (relPath: string) => boolean {
  const rules = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((line) => {
      const negate = line.startsWith('!');
      const pattern = path.posix
        .normalize((negate ? line.slice(1) : line).trim())
        .replace(/^\/+|\/+$/g, '');
      return { negate, regex: globToRegex(pattern) };
    });
  return (relPath) => {
    let excluded = false;
    for (const rule of rules) if (rule.regex.test(relPath)) excluded = !rule.negate;
    return excluded;
  };
}

function globToRegex(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      i++;
      // `**/` is any number of directories, none included.
      if (pattern[i + 1] === '/') {
        out += '(.*/)?';
        i++;
      } else out += '.*';
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  // A pattern matching a directory excludes what is under it.
  return new RegExp(`^${out}(/.*)?$`);
}
