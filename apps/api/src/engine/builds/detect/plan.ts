import type { DetectedBuild } from '../builder';
import type { BaseImageRole } from '../base-images';

/**
 * What a detector found: the DetectedBuild reported to the pipeline, and how to render the
 * Dockerfile (template file name and its variables; base images are named by role).
 */
export interface BuildPlan {
  detected: DetectedBuild;
  /** null when the repository's own Dockerfile is used. */
  template: string | null;
  variables: Record<string, string>;
  baseImages: BaseImageRole[];
}

/** Port of generated images (honoured through the PORT variable). */
export const DEFAULT_PORT = 8080;
