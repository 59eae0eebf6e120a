import { DEFAULT_PORT, type BuildPlan } from './plan';
import type { RepoFiles } from './repo-files';

/**
 * The repository's own Dockerfile wins. Its port is the last EXPOSE of the final stage (the
 * one that runs), else 8080; `EXPOSE ${PORT}`-style values fall back to their ARG/ENV default.
 */
export async function detectDockerfile(files: RepoFiles): Promise<BuildPlan | null> {
  const text = await files.text('Dockerfile');
  if (text === null) return null;
  return {
    detected: { kind: 'dockerfile', framework: null, port: exposedPort(text) ?? DEFAULT_PORT },
    template: null,
    variables: {},
    baseImages: [],
  };
}

export function exposedPort(dockerfile: string): number | null {
  const lines = dockerfile.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  const finalStage = lines.slice(lines.findLastIndex((l) => /^\s*FROM\s/i.test(l)) + 1);
  const defaults = new Map<string, string>();
  let port: number | null = null;
  for (const line of [...lines.slice(0, lines.length - finalStage.length), ...finalStage]) {
    const def = /^\s*(?:ARG|ENV)\s+(\w+)[= ]\s*"?([^"\s]+)"?/i.exec(line);
    if (def) defaults.set(def[1]!, def[2]!);
  }
  for (const line of finalStage) {
    const expose = /^\s*EXPOSE\s+(.+)$/i.exec(line);
    if (!expose) continue;
    const first = expose[1]!.trim().split(/\s+/)[0]!;
    const value = first.replace(/^\$\{?(\w+)\}?/, (_m, name: string) => defaults.get(name) ?? '');
    const n = parseInt(value, 10);
    if (n > 0 && n < 65536) port = n;
  }
  return port;
}
