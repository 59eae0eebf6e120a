// Bundles the API into dist/main.js (fast cold start: no TypeScript at run time). npm
// dependencies stay external; the shared workspace package is bundled in. Code splitting keeps
// what is loaded by dynamic import (the Kubernetes and Docker drivers, the ACME client) out of
// start-up; chunks sit beside main.js so import.meta.url-relative paths (migrations) hold.
import { build } from 'esbuild';
import { cp, readFile, rm } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@nuage/'));

// API_OUT_DIR lets parallel work build elsewhere without clobbering dist/.
const outDir = process.env.API_OUT_DIR ?? 'dist';
await rm(outDir, { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outdir: outDir,
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
await cp('src/db/migrations', `${outDir}/migrations`, { recursive: true });
// The reviewed Dockerfile templates of code builds (engine/builds/render-dockerfile.ts).
await cp('src/engine/builds/dockerfiles', `${outDir}/dockerfiles`, { recursive: true });
