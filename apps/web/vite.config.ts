import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@': path.join(root, 'src') };
const PRERENDER_MARKER = '<!--landing-prerender-->';

/**
 * After the client build, renders the landing page to HTML (a small SSR build of
 * src/landing-prerender.tsx, run once in Node) and writes it into <outDir>/landing.html, so
 * `/` paints before any JavaScript runs. Follows `--outDir`, so parallel builds stay apart.
 */
function prerenderLanding(): Plugin {
  let outDir = '';
  return {
    name: 'nuage:prerender-landing',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      // Inside node_modules so the bundle's bare imports (react-dom/server…) resolve.
      const cacheDir = path.join(root, 'node_modules', '.cache');
      await mkdir(cacheDir, { recursive: true });
      const ssrDir = await mkdtemp(path.join(cacheDir, 'landing-prerender-'));
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias },
          ssr: { noExternal: ['@nuage/shared'] },
          build: {
            ssr: 'src/landing-prerender.tsx',
            outDir: ssrDir,
            emptyOutDir: true,
            rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const entry = pathToFileURL(path.join(ssrDir, 'prerender.mjs')).href;
        const { render } = (await import(entry)) as { render: () => string };
        const file = path.join(outDir, 'landing.html');
        const html = await readFile(file, 'utf8');
        if (!html.includes(PRERENDER_MARKER)) throw new Error(`${file}: no ${PRERENDER_MARKER}`);
        await writeFile(file, html.replace(PRERENDER_MARKER, render()));
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderLanding()],
  resolve: { alias },
  server: {
    port: 5173,
    // ws: the terminal's WebSocket (its handshake is checked against PUBLIC_URL's origin).
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // Two documents: the SPA, and the light landing page served for `/` (see apps/api spa.ts).
      input: {
        main: path.join(root, 'index.html'),
        landing: path.join(root, 'landing.html'),
      },
    },
  },
});
