import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BaseImages } from './base-images';
import type { BuildPlan } from './detect/plan';

/**
 * The reviewed templates (dockerfiles/<name>.Dockerfile) sit beside this module in the sources
 * and beside the bundle in dist/ (build.mjs copies them), as the migrations do.
 */
export const dockerfilesDir = fileURLToPath(new URL('./dockerfiles/', import.meta.url));

const ARG_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The Dockerfile of a plan: its template with base images, variables and ARG lines filled in. */
export async function renderDockerfile(
  plan: BuildPlan,
  baseImages: BaseImages,
  buildArgNames: string[],
): Promise<string> {
  if (!plan.template) throw new Error('the repository has its own Dockerfile');
  const template = await readFile(`${dockerfilesDir}${plan.template}.Dockerfile`, 'utf8');
  // Build arguments are declared so the build steps see them (ARG without a default).
  const args = buildArgNames
    .filter((n) => ARG_NAME.test(n))
    .map((n) => `ARG ${n}`)
    .join('\n');
  const values: Record<string, string> = {
    ...plan.variables,
    ...Object.fromEntries(
      Object.entries(baseImages).map(([role, image]) => [`BASE_${role}`, image]),
    ),
    BUILD_ARGS: args,
  };
  const out = template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`template ${plan.template}: no value for ${whole}`);
    return value;
  });
  return out.replace(/\n{3,}/g, '\n\n');
}
