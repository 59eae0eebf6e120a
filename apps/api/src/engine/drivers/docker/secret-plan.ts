import type { ApplicationSpec, ComponentSpec } from '../../spec';
import type { ComponentKind } from './labels';
import {
  IMAGE_FILE_VARIABLES,
  needsLoader,
  NO_FILE_VARIABLES,
  SETUP_FILE_VARIABLES,
  type SecretEnv,
} from './secret-env';
import { LOADER_ENTRYPOINT, originalCommand, type ImageRunConfig } from './secret-loader';
import { check } from './spec-checks';

/**
 * How the plans (container-spec.ts) pass each container's secret variables: which its image
 * reads from `NAME_FILE`, which the loader exports (secret-loader.ts), and then what the
 * container runs: the loader, followed by what Docker would have run without it.
 */

/** Entrypoint and Cmd (and whether /bin/sh exists) of the images that run behind the loader. */
export type ImageRunConfigs = ReadonlyMap<string, ImageRunConfig>;

/** Which secret variables of a container its image reads from `NAME_FILE` (secret-env.ts). */
export function fileVariables(spec: ApplicationSpec, kind: ComponentKind): ReadonlySet<string> {
  if (kind === 'setup') return SETUP_FILE_VARIABLES;
  // A user's code reads its variables by their names, whatever they are called.
  return kind === 'application' && spec.template === 'code'
    ? NO_FILE_VARIABLES
    : IMAGE_FILE_VARIABLES;
}

/** The images whose Entrypoint/Cmd the plans need: those running some secret behind the loader. */
export function loaderImages(spec: ApplicationSpec): string[] {
  const parts: [ComponentKind, { image: string; env: ComponentSpec['env'] } | null][] = [
    ['application', spec.app],
    ['database', spec.database],
    ['setup', spec.setup],
  ];
  return parts.flatMap(([kind, c]) =>
    c && needsLoader(c.env, fileVariables(spec, kind)) ? [c.image] : [],
  );
}

export function runConfig(
  images: ImageRunConfigs,
  image: string,
  env: ComponentSpec['env'],
  fromFile: ReadonlySet<string>,
): ImageRunConfig | undefined {
  if (!needsLoader(env, fromFile)) return undefined;
  const run = images.get(image);
  check(run !== undefined, `image ${image} was not inspected before planning`);
  return run;
}

/** Entrypoint and Cmd of a container whose secrets the loader exports: it then runs the original. */
export function loaderCommand(
  secret: SecretEnv,
  run: ImageRunConfig | undefined,
  cmd: string[] | null,
): { entrypoint: string[] | null; cmd: string[] | null } {
  if (!secret.loader || !run) return { entrypoint: null, cmd };
  return { entrypoint: LOADER_ENTRYPOINT, cmd: originalCommand(run, cmd) };
}
