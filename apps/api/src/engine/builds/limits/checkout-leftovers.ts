import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { isBuildRunningOnHost } from '../host-builds';
import { CHECKOUT_PREFIX } from '../source/checkout';

/**
 * Removes the working copies (and their CA bundles) of builds that are not running any more:
 * a process that died mid-build left them. Their names carry the build's id
 * (`nuage-checkout-<buildId>-XXXXXX`); a copy without one (made before ids were in names) is
 * removed too; so is none of a build another platform process on this host is running
 * (host-builds.ts). Returns the names removed.
 */
export async function removeCheckoutLeftovers(
  workDir: string,
  runningBuildIds: ReadonlySet<string>,
  runningDir?: string,
): Promise<string[]> {
  const names = await readdir(workDir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(CHECKOUT_PREFIX)) continue;
    const rest = name.slice(CHECKOUT_PREFIX.length).replace(/\.ca\.pem$/, '');
    const buildId = /^(.+)-[^-]+$/.exec(rest)?.[1];
    if (buildId && runningBuildIds.has(buildId)) continue;
    // Another platform process building on this host (its own database, the same /tmp).
    if (buildId && (await isBuildRunningOnHost(buildId, runningDir))) continue;
    await rm(path.join(workDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
