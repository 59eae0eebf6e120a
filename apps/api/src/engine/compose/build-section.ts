import { composeTexts as t } from '@nuage/shared/messages/compose';
import path from 'node:path';

/**
 * A service's `build:` section, as the platform builds it (issue 30: a Compose file read from
 * the application's Git repository). Paths are the repository's, never the host's: the
 * context is a folder of the checkout and the Dockerfile a file of that folder.
 */
export interface ComposeBuild {
  /** The build's folder, relative to the repository's root ('.' for the root itself). */
  context: string;
  /** The Dockerfile, relative to `context`. */
  dockerfile: string;
  /** `build.args`: the Dockerfile's ARG values. */
  args: Record<string, string>;
}

const ALLOWED_KEYS = new Set(['context', 'dockerfile', 'args']);
const ARG_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A path relative to `base` inside the repository, normalised; null when it is absolute, an
 * address (a remote context: `https://…`, `git@…`), a home path, or when it leaves `base`.
 */
export function repositoryPath(base: string, relative: string): string | null {
  const p = relative.trim();
  if (p === '' || p.startsWith('/') || p.startsWith('~') || p.includes('\\')) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(p) || /^git@/i.test(p) || p.includes('\0')) return null;
  const joined = path.posix.normalize(path.posix.join(base || '.', p));
  if (joined === '..' || joined.startsWith('../')) return null;
  return joined === '' ? '.' : joined.replace(/\/$/, '');
}

function argsOf(service: string, raw: unknown, problems: string[]): Record<string, string> {
  const args: Record<string, string> = {};
  const add = (name: string, value: unknown) => {
    const ok =
      ARG_NAME.test(name) &&
      (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean');
    if (!ok) problems.push(t.buildArg(service, name));
    else args[name] = String(value);
  };
  if (Array.isArray(raw)) {
    for (const item of raw) {
      const text = String(item);
      const i = text.indexOf('=');
      // `- NAME` alone takes the value from the shell that runs compose: there is none here.
      if (i < 0) add(text, undefined);
      else add(text.slice(0, i), text.slice(i + 1));
    }
  } else if (isMapping(raw)) {
    for (const [name, value] of Object.entries(raw)) add(name, value);
  }
  return args;
}

/**
 * The checked `build:` of service `service` in a file at folder `fileDir` of the repository;
 * every problem is pushed in French (the key named), and null answered when there is one.
 */
export function buildSectionOf(
  service: string,
  raw: unknown,
  fileDir: string,
  problems: string[],
): ComposeBuild | null {
  const before = problems.length;
  const section: Mapping = typeof raw === 'string' ? { context: raw } : isMapping(raw) ? raw : {};
  for (const key of Object.keys(section)) {
    if (!ALLOWED_KEYS.has(key)) problems.push(t.buildKey(service, key));
  }
  const contextText = typeof section.context === 'string' ? section.context : '.';
  const context = repositoryPath(fileDir, contextText);
  if (context === null) problems.push(t.buildContext(service, contextText));
  const dockerfileText = typeof section.dockerfile === 'string' ? section.dockerfile : 'Dockerfile';
  const dockerfile = repositoryPath('.', dockerfileText);
  if (dockerfile === null || dockerfile === '.')
    problems.push(t.buildDockerfile(service, dockerfileText));
  const args = argsOf(service, section.args, problems);
  if (problems.length > before || context === null || dockerfile === null) return null;
  return { context, dockerfile, args };
}
