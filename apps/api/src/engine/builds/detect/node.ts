import type { CodeTemplateId } from '@nuage/shared/catalog';
import { DEFAULT_PORT, type BuildPlan } from './plan';
import { safePath, type RepoFiles } from './repo-files';

interface PackageJson {
  main?: unknown;
  scripts?: Record<string, unknown>;
  dependencies?: Record<string, unknown>;
  devDependencies?: Record<string, unknown>;
}

/** Install commands by lockfile: reproducible installs when a lockfile is committed. */
async function packageManager(files: RepoFiles) {
  if (await files.exists('pnpm-lock.yaml'))
    return {
      name: 'pnpm',
      setup: 'corepack enable',
      install: 'pnpm install --frozen-lockfile',
      run: 'pnpm run',
      prune: 'pnpm prune --prod',
    };
  if (await files.exists('yarn.lock'))
    return {
      name: 'yarn',
      setup: 'corepack enable',
      install: 'yarn install --frozen-lockfile',
      run: 'yarn run',
      prune: 'true',
    };
  const lock = await files.exists('package-lock.json');
  return {
    name: 'npm',
    setup: 'true',
    install: lock
      ? 'npm ci --include=dev --no-audit --no-fund'
      : 'npm install --include=dev --no-audit --no-fund',
    run: 'npm run',
    prune: 'npm prune --omit=dev --no-audit --no-fund',
  };
}

/** Static single-page builds and the directory each writes to. */
const STATIC_FRAMEWORKS: { dep: string; framework: string; out: string }[] = [
  { dep: 'vite', framework: 'vite', out: 'dist' },
  { dep: 'react-scripts', framework: 'create-react-app', out: 'build' },
  { dep: '@vue/cli-service', framework: 'vue-cli', out: 'dist' },
  { dep: '@angular/cli', framework: 'angular', out: 'dist' },
];
const SERVER_FRAMEWORKS = [
  'next',
  'nuxt',
  '@nestjs/core',
  'express',
  'fastify',
  'koa',
  '@hapi/hapi',
];

export async function detectNode(
  files: RepoFiles,
  hint: CodeTemplateId | null,
): Promise<BuildPlan | null> {
  const pkg = await files.json<PackageJson>('package.json');
  if (!pkg) return null;
  const deps = { ...(pkg.dependencies ?? {}), ...(pkg.devDependencies ?? {}) };
  const scripts = pkg.scripts ?? {};
  const pm = await packageManager(files);
  const build = typeof scripts.build === 'string' ? `${pm.run} build` : 'true';
  const server = SERVER_FRAMEWORKS.find((name) => name in deps);
  const spa = STATIC_FRAMEWORKS.find((f) => f.dep in deps);

  // A single-page app (React/Vue with Vite, CRA…) with no server of its own: built, then served
  // as files. Next/Nuxt/Nest and plain servers run with their start command.
  if (spa && typeof scripts.build === 'string' && (!server || hint === 'react' || hint === 'vue')) {
    return {
      detected: { kind: 'node', framework: spa.framework, port: DEFAULT_PORT },
      template: 'node-static',
      variables: {
        PM_SETUP: pm.setup,
        INSTALL: pm.install,
        BUILD: build,
        OUTPUT_DIR: spa.out,
        PORT: String(DEFAULT_PORT),
      },
      baseImages: ['node', 'static'],
    };
  }

  const main = safePath(pkg.main);
  const entry =
    typeof scripts.start === 'string'
      ? null
      : (main ??
        (await firstExisting(files, [
          'server.js',
          'index.js',
          'app.js',
          'main.js',
          'src/index.js',
        ])));
  if (typeof scripts.start !== 'string' && !entry) return null;
  return {
    detected: {
      kind: 'node',
      framework: server ? server.replace(/^@[^/]+\//, '').replace('/core', '') : null,
      port: DEFAULT_PORT,
    },
    template: 'node-server',
    variables: {
      PM_SETUP: pm.setup,
      INSTALL: pm.install,
      BUILD: build,
      PRUNE: pm.prune,
      // JSON-form command: no shell between the signal and the server.
      START: JSON.stringify(
        entry ? ['node', entry] : pm.name === 'npm' ? ['npm', 'start'] : [pm.name, 'start'],
      ),
      PORT: String(DEFAULT_PORT),
    },
    baseImages: ['node'],
  };
}

async function firstExisting(files: RepoFiles, names: string[]): Promise<string | null> {
  for (const name of names) if (await files.exists(name)) return name;
  return null;
}
