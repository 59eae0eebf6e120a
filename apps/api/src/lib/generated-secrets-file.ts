import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

interface SecretsFileSpec<T> {
  /** Fresh random values, for the first start. */
  generate(): T;
  isValid(value: unknown): value is T;
  /** What stops working without this file, for the message when it is damaged. */
  dependants: string;
}

/**
 * Reads a JSON file of generated secrets from DATA_DIR, creating it once (mode 0600) so a bare
 * `npm start` is secure and restarts find the same values.
 */
export async function readOrCreateSecretsFile<T>(
  file: string,
  spec: SecretsFileSpec<T>,
): Promise<T> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (spec.isValid(parsed)) return parsed;
    throw new Error(`${file} is malformed; fix or remove it (${spec.dependants} depend on it)`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const fresh = spec.generate();
  await mkdir(path.dirname(file), { recursive: true });
  // 'wx' fails if another process created it meanwhile; then read theirs.
  try {
    await writeFile(file, JSON.stringify(fresh, null, 2), { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      return JSON.parse(await readFile(file, 'utf8')) as T;
    }
    throw err;
  }
}
