import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Read-only view of a checkout for the detectors (paths relative to its root). */
export class RepoFiles {
  constructor(readonly root: string) {}

  async exists(rel: string): Promise<boolean> {
    return stat(path.join(this.root, rel)).then(
      () => true,
      () => false,
    );
  }

  async text(rel: string): Promise<string | null> {
    return readFile(path.join(this.root, rel), 'utf8').catch(() => null);
  }

  async json<T>(rel: string): Promise<T | null> {
    const text = await this.text(rel);
    if (text === null) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  }

  /** Names in a directory ('' = root), files and directories. */
  async list(rel = ''): Promise<string[]> {
    return readdir(path.join(this.root, rel)).catch(() => []);
  }
}

/** One value for a Dockerfile's JSON-form CMD: a path such as `dist/server.js`, nothing else. */
export function safePath(value: unknown): string | null {
  return typeof value === 'string' && /^[\w][\w./-]{0,200}$/.test(value) && !value.includes('..')
    ? value
    : null;
}
