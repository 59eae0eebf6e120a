import { DEFAULT_PORT, type BuildPlan } from './plan';
import type { RepoFiles } from './repo-files';

/** Plain files: an index.html at the root, or in public/ / dist/ / site/. */
export async function detectStatic(files: RepoFiles): Promise<BuildPlan | null> {
  for (const dir of ['.', 'public', 'dist', 'site', 'www']) {
    if (await files.exists(`${dir}/index.html`)) {
      return {
        detected: { kind: 'static', framework: null, port: DEFAULT_PORT },
        template: 'static',
        variables: { SITE_DIR: dir, PORT: String(DEFAULT_PORT) },
        baseImages: ['static'],
      };
    }
  }
  return null;
}
