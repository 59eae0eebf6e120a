import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApplicationSpec, EnvironmentSpec } from '../spec';
import { renderApplication } from './application';
import { renderEnvironment } from './namespace';
import { dnsLabel } from './meta';
import type { RenderOptions } from './types';
import { redactSecrets, toYaml } from './yaml';
import { manifestFileTexts } from '@nuage/shared/messages/manifests';

/** First line of every file written here: only files carrying it are ever deleted. */
const MARKER = manifestFileTexts.marker;
const SECRET_NOTICE = manifestFileTexts.secretNotice;
export const NAMESPACE_FILE = 'namespace.yaml';

/** Write to a temporary file, then rename: a reader never sees half a file. */
async function writeAtomically(file: string, content: string): Promise<void> {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    await writeFile(temp, content, { mode: 0o644 });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function isOurs(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(256);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').startsWith(`#${MARKER}`);
  } finally {
    await handle.close();
  }
}

/**
 * The environment's folder (nom_dossier_git) as an operator reads or syncs it: namespace.yaml
 * and one file per application, secrets redacted. Files of applications that are gone are
 * removed; files the platform did not write are left alone.
 */
export async function writeEnvironmentManifests(
  dir: string,
  env: EnvironmentSpec,
  specs: readonly ApplicationSpec[],
  options: RenderOptions = {},
): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeAtomically(
    path.join(dir, NAMESPACE_FILE),
    toYaml(renderEnvironment(env, options), MARKER),
  );
  const written = new Set([NAMESPACE_FILE]);
  for (const spec of specs) written.add(await writeApplicationManifest(dir, spec, options));
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.yaml') || written.has(entry.name)) continue;
    const file = path.join(dir, entry.name);
    if (await isOurs(file)) await rm(file, { force: true });
  }
}

// A DNS label cannot hold "/" or "..": the file stays inside the folder.
const applicationFile = (name: string) => `${dnsLabel(name)}.yaml`;

/**
 * One application's file, after it changed: rewriting the whole folder at every apply would cost
 * a render of every application of the environment each time.
 */
export async function writeApplicationManifest(
  dir: string,
  spec: ApplicationSpec,
  options: RenderOptions = {},
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = applicationFile(spec.name);
  const objects = redactSecrets(renderApplication(spec, options));
  await writeAtomically(
    path.join(dir, file),
    toYaml(objects, [MARKER, ...SECRET_NOTICE].join('\n')),
  );
  return file;
}

/** Removes an application's file (only one the platform wrote). */
export async function removeApplicationManifest(dir: string, name: string): Promise<void> {
  const file = path.join(dir, applicationFile(name));
  try {
    if (await isOurs(file)) await rm(file, { force: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
