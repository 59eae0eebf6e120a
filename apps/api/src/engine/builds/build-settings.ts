import type { BaseImages } from './base-images';

/**
 * BUILD_BASE_IMAGES, GIT_ALLOW_PRIVATE_HOSTS, REGISTRY_URL (+ REGISTRY_USERNAME/PASSWORD),
 * KANIKO_IMAGE, BUILD_MAX_SOURCE_MB, BUILD_MAX_CONTEXT_MB, BUILD_NETWORK, BUILD_EGRESS_*;
 * checkouts are made under DATA_DIR/builds.
 */
export interface BuildSettings {
  baseImages: BaseImages;
  allowPrivateGitHosts: boolean;
  registry: { url: string; username?: string; password?: string } | undefined;
  kanikoImage: string;
  workDir: string;
  /** TLS_EXTRA_CA_FILE: also trusted when reading Git repositories. */
  extraCaFile?: string | undefined;
  /** BUILD_MAX_SOURCE_MB, BUILD_MAX_CONTEXT_MB: a checkout, a build context (bytes). */
  maxSourceBytes?: number;
  maxContextBytes?: number;
  /** BUILD_NETWORK, BUILD_EGRESS_PROXY_IMAGE (default: the node base image), BUILD_EGRESS_ALLOW. */
  egress?: { network: string; proxyImage: string; allow: string[] };
}
