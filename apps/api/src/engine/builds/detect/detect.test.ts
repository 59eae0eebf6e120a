import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildFailedError } from '../builder';
import { DEFAULT_BASE_IMAGES, parseBaseImages } from '../base-images';
import { renderDockerfile } from '../render-dockerfile';
import { detectBuild } from './detect';
import { exposedPort } from './dockerfile';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ndtest-detect-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}
const pkg = (o: object) => JSON.stringify(o);

async function rendered(
  files: Record<string, string>,
  hint: Parameters<typeof detectBuild>[1] = null,
) {
  const plan = await detectBuild(tree(files), hint);
  return {
    plan,
    dockerfile: plan.template ? await renderDockerfile(plan, DEFAULT_BASE_IMAGES, ['API_URL']) : '',
  };
}

describe('a Dockerfile in the repository', () => {
  it('wins over everything, its port from EXPOSE', async () => {
    const { plan } = await rendered({
      Dockerfile: 'FROM x\nEXPOSE 3000\n',
      'package.json': pkg({ scripts: { start: 'node .' } }),
    });
    expect(plan.detected).toEqual({ kind: 'dockerfile', framework: null, port: 3000 });
    expect(plan.template).toBeNull();
  });
  it('reads the final stage, ARG defaults, and defaults to 8080', () => {
    expect(exposedPort('FROM a AS b\nEXPOSE 1000\nFROM c\nARG P=5000\nEXPOSE ${P}/tcp\n')).toBe(
      5000,
    );
    expect(exposedPort('FROM a\nEXPOSE 1000\nFROM c\n')).toBeNull();
  });
});

describe('Node.js', () => {
  it('plain server with npm start and a lockfile: npm ci, non-root, PORT', async () => {
    const { plan, dockerfile } = await rendered({
      'package.json': pkg({ scripts: { start: 'node server.js' }, dependencies: { express: '4' } }),
      'package-lock.json': '{}',
    });
    expect(plan.detected).toEqual({ kind: 'node', framework: 'express', port: 8080 });
    expect(dockerfile).toContain('FROM docker.io/library/node:20-bookworm-slim');
    expect(dockerfile).toContain('npm ci --include=dev --no-audit --no-fund');
    expect(dockerfile).toContain('CMD ["npm","start"]');
    expect(dockerfile).toContain('USER 10001:10001');
    expect(dockerfile).toContain('ENV NODE_ENV=production PORT=8080');
    expect(dockerfile).toContain('ARG API_URL');
    expect(dockerfile).not.toMatch(/\{\{/);
  });
  it('no start script: node on main or index.js', async () => {
    const { dockerfile } = await rendered({ 'package.json': pkg({ main: 'src/app.js' }) });
    expect(dockerfile).toContain('CMD ["node","src/app.js"]');
    expect(dockerfile).toContain('npm install --include=dev --no-audit --no-fund');
  });
  it('pnpm and yarn by their lockfiles', async () => {
    const p = await rendered({
      'package.json': pkg({ scripts: { start: 'x' } }),
      'pnpm-lock.yaml': '',
    });
    expect(p.dockerfile).toContain('corepack enable && pnpm install --frozen-lockfile');
    const y = await rendered({ 'package.json': pkg({ scripts: { start: 'x' } }), 'yarn.lock': '' });
    expect(y.dockerfile).toContain('yarn install --frozen-lockfile');
    expect(y.dockerfile).toContain('CMD ["yarn","start"]');
  });
  it('a Vite React app is built then served as static files', async () => {
    const { plan, dockerfile } = await rendered(
      {
        'package.json': pkg({
          scripts: { build: 'vite build' },
          dependencies: { react: '18' },
          devDependencies: { vite: '5' },
        }),
      },
      'react',
    );
    expect(plan.detected.framework).toBe('vite');
    expect(dockerfile).toContain('npm run build');
    expect(dockerfile).toContain('COPY --from=build /app/dist /www');
    expect(dockerfile).toContain('FROM docker.io/library/busybox:1.36');
    expect(dockerfile).toContain('USER 65534:65534');
  });
  it('create-react-app builds into build/', async () => {
    const { dockerfile } = await rendered({
      'package.json': pkg({
        scripts: { build: 'react-scripts build' },
        dependencies: { 'react-scripts': '5' },
      }),
    });
    expect(dockerfile).toContain('COPY --from=build /app/build /www');
  });
  it('Next.js runs its server: build then start', async () => {
    const { plan, dockerfile } = await rendered({
      'package.json': pkg({
        scripts: { build: 'next build', start: 'next start' },
        dependencies: { next: '14' },
      }),
    });
    expect(plan.detected.framework).toBe('next');
    expect(dockerfile).toContain('npm run build && npm prune --omit=dev --no-audit --no-fund');
    expect(dockerfile).toContain('CMD ["npm","start"]');
  });
});

describe('Python', () => {
  it('Flask with requirements.txt: gunicorn on $PORT', async () => {
    const { plan, dockerfile } = await rendered({
      'requirements.txt': 'Flask==3.0\n',
      'app.py': 'from flask import Flask\napplication = Flask(__name__)\n',
    });
    expect(plan.detected).toEqual({ kind: 'python', framework: 'flask', port: 8080 });
    expect(dockerfile).toContain(
      'pip install --no-cache-dir -r requirements.txt && pip install --no-cache-dir gunicorn',
    );
    expect(dockerfile).toContain('gunicorn app:application --bind 0.0.0.0:$PORT');
    expect(dockerfile).toContain('FROM docker.io/library/python:3.12-slim');
  });
  it('FastAPI: uvicorn; Django: the project wsgi; poetry', async () => {
    const f = await rendered({
      'requirements.txt': 'fastapi\nuvicorn[standard]\n',
      'main.py': 'app = FastAPI()\n',
    });
    expect(f.dockerfile).toContain('uvicorn main:app --host 0.0.0.0 --port $PORT');
    expect(f.dockerfile).toContain('&& true');
    const d = await rendered({
      'requirements.txt': 'django>=5\n',
      'manage.py': '',
      'shop/wsgi.py': '',
    });
    expect(d.plan.detected.framework).toBe('django');
    expect(d.dockerfile).toContain('gunicorn shop.wsgi:application');
    const p = await rendered({
      'pyproject.toml': '[tool.poetry]\nname="x"\n[tool.poetry.dependencies]\nflask = "^3"\n',
      'app.py': 'app = Flask(__name__)\n',
    });
    expect(p.dockerfile).toContain('poetry install --only main');
  });
});

describe('PHP, Java, static', () => {
  it('Laravel: composer, Apache on PORT, public/ as document root, not root', async () => {
    const { plan, dockerfile } = await rendered({
      'composer.json': pkg({ require: { 'laravel/framework': '^11' } }),
      'public/index.php': '',
    });
    expect(plan.detected).toEqual({ kind: 'php', framework: 'laravel', port: 8080 });
    expect(dockerfile).toContain('composer install --no-dev');
    expect(dockerfile).toContain('APACHE_DOCUMENT_ROOT=/var/www/html/public');
    expect(dockerfile).toContain('USER www-data');
    expect(dockerfile).toContain('FROM docker.io/library/composer:2 AS vendor');
  });
  it('plain PHP: no Composer stage', async () => {
    const { plan, dockerfile } = await rendered({ 'index.php': '<?php echo 1;' });
    expect(plan.template).toBe('php');
    expect(dockerfile).not.toContain('composer');
    expect(dockerfile).toContain('COPY . /var/www/html');
    expect(dockerfile).toContain('APACHE_DOCUMENT_ROOT=/var/www/html\n');
  });
  it('Maven and Gradle build a jar run by a JRE', async () => {
    const m = await rendered(
      {
        'pom.xml':
          '<project><parent><artifactId>spring-boot-starter-parent</artifactId></parent></project>',
      },
      'java',
    );
    expect(m.plan.detected).toEqual({ kind: 'java', framework: 'spring', port: 8080 });
    expect(m.dockerfile).toContain('mvn -B -q -DskipTests package');
    expect(m.dockerfile).toContain('FROM docker.io/library/eclipse-temurin:21-jre');
    const g = await rendered({
      'build.gradle.kts': 'plugins { id("org.springframework.boot") version "3" }\n// spring-boot',
      gradlew: '',
    });
    expect(g.dockerfile).toContain('./gradlew --no-daemon -x test bootJar');
  });
  it('a static site: index.html served by httpd', async () => {
    const { plan, dockerfile } = await rendered({ 'public/index.html': '<h1>x</h1>' });
    expect(plan.detected.kind).toBe('static');
    expect(dockerfile).toContain('COPY public /www');
  });
  it('the wizard choice decides when several languages are present', async () => {
    const files = {
      'package.json': pkg({ scripts: { start: 'x' } }),
      'requirements.txt': 'flask\n',
      'app.py': 'app = Flask(__name__)\n',
    };
    expect((await rendered(files, 'python')).plan.detected.kind).toBe('python');
    expect((await rendered(files, null)).plan.detected.kind).toBe('node');
  });
  it('an unknown project fails in French, asking for a Dockerfile', async () => {
    await expect(detectBuild(tree({ 'notes.txt': 'x' }), null)).rejects.toThrow(BuildFailedError);
    await expect(detectBuild(tree({ 'notes.txt': 'x' }), null)).rejects.toThrow(
      /Ajoutez un Dockerfile/,
    );
  });
});

describe('BUILD_BASE_IMAGES', () => {
  it('replaces named roles, keeps the others, names a bad entry', () => {
    const images = parseBaseImages(
      'node=localhost/nuage-test-node:bookworm, static=localhost/bb:1',
    );
    expect(images.node).toBe('localhost/nuage-test-node:bookworm');
    expect(images.python).toBe(DEFAULT_BASE_IMAGES.python);
    expect(() => parseBaseImages('ruby=x:1')).toThrow(/ruby=x:1/);
    expect(() => parseBaseImages('node=')).toThrow(/role=image/);
  });
});
