import type { BuildSettings } from './build-settings';
import type { RuntimeName } from '../driver';
import type { KubeConnection } from '../drivers/kubernetes/kubeconfig';
import type { ImageBuilder } from './builder';
import { SimulationImageBuilder } from './simulation-builder';

export interface ImageBuilderDeps {
  builds: BuildSettings;
  /** The Kubernetes runtime's connection (RuntimeChoice of select-runtime.ts); in-cluster when absent. */
  kubeConnection?: KubeConnection | null;
  /** IMAGE_OVERRIDES: the Kubernetes builds' Git checkout image may be mirrored too. */
  imageOverrides?: ReadonlyMap<string, string>;
}

/**
 * The image builder of the pinned runtime (as engineFor gives its driver): `target` is the
 * RuntimeChoice's, `unix://<socket>` for docker. Each builder's module is loaded only when chosen.
 */
export async function createImageBuilder(
  runtime: { runtime: RuntimeName; target: string },
  deps: ImageBuilderDeps,
): Promise<ImageBuilder> {
  const policy = {
    allowPrivateHosts: deps.builds.allowPrivateGitHosts,
    extraCaFile: deps.builds.extraCaFile,
  };
  switch (runtime.runtime) {
    case 'docker': {
      const { DockerImageBuilder } = await import('./docker/docker-builder');
      return new DockerImageBuilder({
        socketPath: runtime.target.replace(/^unix:\/\//, ''),
        baseImages: deps.builds.baseImages,
        policy,
        workDir: deps.builds.workDir,
        maxSourceBytes: deps.builds.maxSourceBytes,
        maxContextBytes: deps.builds.maxContextBytes,
        egress: deps.builds.egress,
        ...(deps.builds.registry ? { registry: deps.builds.registry } : {}),
      });
    }
    case 'kubernetes': {
      const { KanikoImageBuilder } = await import('./kubernetes/kaniko-builder');
      return KanikoImageBuilder.connect(
        deps.kubeConnection ?? { kind: 'in-cluster' },
        deps.builds,
        deps.imageOverrides,
      );
    }
    case 'simulation':
      return new SimulationImageBuilder(policy);
  }
}
