import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { composeTexts } from '@nuage/shared/messages/compose';
import {
  BuildFailedError,
  type BuildRequest,
  type ComposeServiceBuild,
  type DetectedBuild,
} from './builder';
import { detectBuild } from './detect/detect';
import { exposedPort } from './detect/dockerfile';
import { DEFAULT_PORT, type BuildPlan } from './detect/plan';

/** How one service of a Compose file is built from a checkout: its folder and its Dockerfile. */
export interface ComposeBuildPlan {
  /** The build context: a real folder of the checkout (a symbolic link out of it is refused). */
  contextDir: string;
  /** The Dockerfile, relative to the context (the Engine API's `dockerfile`). */
  dockerfile: string;
  dockerfileText: string;
  detected: DetectedBuild;
}

const inside = (root: string, p: string) => p === root || p.startsWith(`${root}${path.sep}`);

/**
 * The context and Dockerfile a `build:` section names, checked in the checkout: both exist and
 * both stay inside it once symbolic links are followed (a repository could otherwise make the
 * builder pack a folder of the host). Their absence fails the build with the service named.
 */
export async function composeBuildPlan(
  checkoutDir: string,
  build: ComposeServiceBuild,
): Promise<ComposeBuildPlan> {
  const root = await realpath(checkoutDir);
  const contextDir = await realpath(path.join(root, build.context)).catch(() => null);
  const isDir = contextDir ? (await stat(contextDir)).isDirectory() : false;
  if (!contextDir || !inside(root, contextDir) || !isDir)
    throw new BuildFailedError(composeTexts.buildContextMissing(build.service, build.context));
  const file = await realpath(path.join(contextDir, build.dockerfile)).catch(() => null);
  if (!file || !inside(contextDir, file) || !(await stat(file)).isFile())
    throw new BuildFailedError(
      composeTexts.buildDockerfileMissing(
        build.service,
        path.posix.join(build.context, build.dockerfile),
      ),
    );
  const dockerfileText = await readFile(file, 'utf8');
  return {
    contextDir,
    dockerfile: path.relative(contextDir, file).split(path.sep).join('/'),
    dockerfileText,
    detected: {
      kind: 'dockerfile',
      framework: null,
      port: exposedPort(dockerfileText) ?? DEFAULT_PORT,
    },
  };
}

/**
 * How a checkout is built: a Compose service's own folder and Dockerfile (no detection), else
 * what detection finds (the repository's Dockerfile, or a generated one).
 */
export async function planBuild(
  checkoutDir: string,
  request: Pick<BuildRequest, 'composeService' | 'templateHint'>,
): Promise<{ plan: BuildPlan; service: ComposeBuildPlan | null }> {
  if (!request.composeService)
    return { plan: await detectBuild(checkoutDir, request.templateHint), service: null };
  const service = await composeBuildPlan(checkoutDir, request.composeService);
  return {
    plan: { detected: service.detected, template: null, variables: {}, baseImages: [] },
    service,
  };
}
