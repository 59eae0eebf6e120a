import type { CodeTemplateId } from '@nuage/shared/catalog';
import { BuildFailedError } from '../builder';
import { detectDockerfile } from './dockerfile';
import { detectJava } from './java';
import { detectNode } from './node';
import { detectPhp } from './php';
import type { BuildPlan } from './plan';
import { detectPython } from './python';
import { RepoFiles } from './repo-files';
import { detectStatic } from './static-site';
import { builderFailureTexts } from '@nuage/shared/messages/builder';

type Detector = (files: RepoFiles, hint: CodeTemplateId | null) => Promise<BuildPlan | null>;

const BY_KIND: Record<'node' | 'python' | 'php' | 'java', Detector> = {
  node: detectNode,
  python: detectPython,
  php: detectPhp,
  java: detectJava,
};

/** The wizard's template names the language to try first when a repository has several. */
const HINT_KIND: Record<CodeTemplateId, keyof typeof BY_KIND> = {
  react: 'node',
  vue: 'node',
  nodejs: 'node',
  python: 'python',
  php: 'php',
  java: 'java',
};

/**
 * How to build a checkout: its Dockerfile when it has one; otherwise the language detected
 * (the wizard's choice first), and last a static site.
 */
export async function detectBuild(dir: string, hint: CodeTemplateId | null): Promise<BuildPlan> {
  const files = new RepoFiles(dir);
  const own = await detectDockerfile(files);
  if (own) return own;
  const order = Object.keys(BY_KIND) as (keyof typeof BY_KIND)[];
  if (hint && HINT_KIND[hint as CodeTemplateId]) {
    order.splice(order.indexOf(HINT_KIND[hint]), 1);
    order.unshift(HINT_KIND[hint]);
  }
  for (const kind of order) {
    const plan = await BY_KIND[kind](files, hint);
    if (plan) return plan;
  }
  const site = await detectStatic(files);
  if (site) return site;
  throw new BuildFailedError(builderFailureTexts.undetected);
}
