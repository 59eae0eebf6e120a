import { parseTemplate, type ContainerPlan } from './container-spec';
import type { ContainerInspect, EngineApi } from './engine-api';
import { DOCKER_LABELS } from './labels';
import { labelsOf } from './objects';
import { readFiles, type OwnedFile } from './secret-files';

/**
 * A replica's plan read back from a running one, for the changes made without the spec
 * (scale, restart): its template label, environment, labels and spec hash, and its secret
 * files, so a copy is the same replica to the next apply. Null when it carries no template.
 */
export async function planOfReplica(
  api: EngineApi,
  source: ContainerInspect,
  name: string,
): Promise<{ base: ContainerPlan; files: OwnedFile[] } | null> {
  const template = parseTemplate(labelsOf(source));
  if (!template) return null;
  const names = new Set(template.envNames);
  const env = (source.Config.Env ?? []).filter((e) => names.has(e.slice(0, e.indexOf('='))));
  const files = await readFiles(api, source.Id, template.secretFiles);
  const labels = { ...labelsOf(source) };
  delete labels[DOCKER_LABELS.replica];
  return {
    base: {
      name,
      kind: 'application',
      template,
      env,
      secretFiles: [],
      labels,
      hash: labels[DOCKER_LABELS.specHash] ?? '',
      exposedSecrets: [],
    },
    files,
  };
}
