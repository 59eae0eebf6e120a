import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureBuildBaseImages,
  TEST_BUSYBOX_IMAGE,
  TEST_NODE_IMAGE,
} from '../../../../../../e2e/support/build-images';
import {
  startGitServer,
  type GitServer,
} from '../../../../../../e2e/support/git-server/git-server';
import {
  freePorts,
  runId,
  skipReason,
  SOCKET,
  testClient,
} from '../../../../test/engine/docker/test-support';
import { parseBaseImages } from '../base-images';
import { BuildCancelledError, BuildFailedError, SourceError, type BuildRequest } from '../builder';
import { hostAddress, PROBE } from '../../../../../../e2e/support/egress-probe';
import { DockerImageBuilder, type DockerBuilderOptions } from './docker-builder';
import { buildWorkingContainers } from './podman-leftovers';

/**
 * Real builds on the host's engine (Podman here, Docker too) from repositories served by
 * `git http-backend`, with base images made from Debian packages (build.sh node / busybox).
 */
const NODE_IMAGE = TEST_NODE_IMAGE;
const BUSYBOX_IMAGE = TEST_BUSYBOX_IMAGE;
const client = testClient();
const prefix = `ndtest-b13-${runId()}`;
const images: string[] = [];
const containers: string[] = [];
let git: GitServer;
let builder: DockerImageBuilder;
/** The builds' own isolated network and its proxy (removed at the end). */
const egress = { network: `${prefix}-net`, proxyImage: NODE_IMAGE, allow: [] as string[] };
const workDir = mkdtempSync(path.join(os.tmpdir(), 'ndtest-b13-work-'));
const servers: http.Server[] = [];
/** Host port of the last container `run` started. */
let lastPort = 0;

/** The host's processes (pids) whose command line is `commandLine`. */
const processesOf = (commandLine: string): string[] =>
  readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return (
          readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ').trim() === commandLine
        );
      } catch {
        return false;
      }
    });

const request = (name: string, sha: string, over: Partial<BuildRequest> = {}): BuildRequest => {
  images.push(`${prefix}/${name}:1`);
  return {
    buildId: `${prefix}-${name}`,
    deploymentId: prefix,
    namespace: 'unused',
    source: { repositoryUrl: git.url(name), branch: 'main', commitSha: sha },
    templateHint: 'nodejs',
    buildArgs: {},
    imageName: `${prefix}/${name}`,
    tag: '1',
    // Room for the builder's attempts after steps the engine killed (killed-step-retry.ts).
    limits: { cpuMilli: 500, ramMb: 256, timeoutSeconds: 420 },
    ...over,
  };
};

/**
 * What the kernel said about killed processes, with the build's log: CI saw this build's step
 * killed four times at the start of a run (killed-step-retry.ts) and the cause is not known yet.
 */
function killDiagnostics(lines: string[]): string {
  let kernel: string;
  try {
    kernel = execFileSync('dmesg', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .filter((line) => /oom|kill|memory cgroup/i.test(line))
      .slice(-20)
      .join('\n');
  } catch (err) {
    kernel = `dmesg unreadable: ${(err as Error).message}`;
  }
  return `build log:\n${lines.join('\n')}\nkernel:\n${kernel || '(nothing about kills)'}`;
}

async function run(image: string): Promise<string> {
  const [port] = await freePorts(1);
  lastPort = port!;
  const created = await client.json<{ Id: string }>('POST', '/containers/create', {
    query: { name: `${prefix}-run-${containers.length}` },
    body: {
      Image: image,
      ExposedPorts: { '8080/tcp': {} },
      HostConfig: {
        PortBindings: { '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: String(port) }] },
      },
    },
  });
  containers.push(created!.Id);
  await client.request('POST', `/containers/${created!.Id}/start`);
  for (let i = 0; i < 60; i++) {
    const answer = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.text(),
      () => null,
    );
    if (answer !== null) return answer;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the built application never answered');
}

/** A builder on the test's base images, network and work folder; `over` changes one setting. */
const newBuilder = (over: Partial<DockerBuilderOptions> = {}) =>
  new DockerImageBuilder({
    socketPath: SOCKET!,
    baseImages: parseBaseImages(`node=${NODE_IMAGE},static=${BUSYBOX_IMAGE}`),
    policy: { allowPrivateHosts: true },
    egress,
    workDir,
    ...over,
  });

/** A build's io: never cancelled, its log lines kept in `lines` when given. */
const io = (lines?: string[]) => ({
  signal: new AbortController().signal,
  onLog: lines ? (l: string) => void lines.push(l) : () => {},
});

/** The error a build ends with (its outcome when it succeeds). */
const buildError = (b: DockerImageBuilder, req: BuildRequest, lines?: string[]) =>
  b.build(req, io(lines)).catch((e: unknown) => e);

const SERVER = (text: string) =>
  `require('http').createServer((q, s) => s.end(${JSON.stringify(text)} + ' as ' + process.getuid())).listen(process.env.PORT);\n`;

// Real builds on a host shared with other work: minutes, not the unit tests' 30 s.
describe.skipIf(skipReason)('Docker/Podman builder (real builds)', { timeout: 480_000 }, () => {
  beforeAll(async () => {
    ensureBuildBaseImages();
    git = await startGitServer();
    builder = newBuilder();
  }, 900_000);

  afterAll(async () => {
    for (const id of containers)
      await client
        .request('DELETE', `/containers/${id}`, { query: { force: true } })
        .catch(() => {});
    for (const image of images)
      await client
        .request('DELETE', `/images/${encodeURIComponent(image)}`, { query: { force: true } })
        .catch(() => {});
    // Layers of the builds above (labelled with the test's deployment id), parents after children.
    const filters = JSON.stringify({
      dangling: ['true'],
      label: [`nuagedeploy.deployment-id=${prefix}`],
    });
    for (let round = 0; round < 10; round++) {
      const pruned = await client.json<{ ImagesDeleted: unknown[] | null }>(
        'POST',
        '/images/prune',
        { query: { filters } },
      );
      if (!pruned?.ImagesDeleted?.length) break;
    }
    await git?.close();
    for (const server of servers) server.close();
    await client
      .request('DELETE', `/containers/${egress.network}-proxy`, { query: { force: true } })
      .catch(() => {});
    await client.request('DELETE', `/networks/${egress.network}`).catch(() => {});
    rmSync(workDir, { recursive: true, force: true });
  });

  it('builds a Node.js repository without a Dockerfile into an image that answers, as non-root', async () => {
    const sha = git.createRepository('node-plain', {
      'package.json': JSON.stringify({ name: 'plain', scripts: { start: 'node server.js' } }),
      'server.js': SERVER('bonjour du dépôt'),
    });
    const lines: string[] = [];
    const out = await builder.build(request('node-plain', sha), io(lines)).catch((err: Error) => {
      throw new Error(`${err.message}\n${killDiagnostics(lines)}`, { cause: err });
    });
    expect(out.detected).toEqual({ kind: 'node', framework: null, port: 8080 });
    expect(out.imageDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(out.commitSha).toBe(sha);
    expect(out.commitMessage).toBe('Premier commit');
    expect(lines.join('\n')).toContain('Dockerfile généré (modèle node-server)');
    expect(await run(out.imageDigest)).toBe('bonjour du dépôt as 10001');
  });

  it("builds a repository's own Dockerfile, its port from EXPOSE", async () => {
    const sha = git.createRepository('node-dockerfile', {
      Dockerfile: `FROM ${NODE_IMAGE}\nWORKDIR /srv\nCOPY server.js .\nENV PORT=8080\nEXPOSE 8080\nCMD ["node", "server.js"]\n`,
      'server.js': SERVER('mon propre Dockerfile'),
    });
    const out = await builder.build(request('node-dockerfile', sha), io());
    expect(out.detected.kind).toBe('dockerfile');
    expect(await run(out.imageRef)).toBe('mon propre Dockerfile as 0');
  });

  it('fails on a syntax error with the error in the log lines and a French message', async () => {
    const sha = git.createRepository('node-broken', {
      'package.json': JSON.stringify({
        scripts: { build: 'node --check server.js', start: 'node server.js' },
      }),
      'server.js': 'const x = ;\n',
    });
    const lines: string[] = [];
    const err = await buildError(builder, request('node-broken', sha), lines);
    expect(err).toBeInstanceOf(BuildFailedError);
    expect((err as BuildFailedError).reason).toBe('failed');
    expect((err as Error).message).toMatch(
      /^La construction a échoué à l'étape « RUN .*npm run build/,
    );
    expect(lines.join('\n')).toContain('SyntaxError: Unexpected token');
  });

  it('applies the CPU and memory limits to the build steps (read from inside a step)', async () => {
    const sha = git.createRepository('limits', {
      Dockerfile: `FROM ${BUSYBOX_IMAGE}\nRUN echo "mem=$(cat /sys/fs/cgroup/memory/memory.limit_in_bytes 2>/dev/null || cat /sys/fs/cgroup/memory.max)" && echo "cpu=$(cat /sys/fs/cgroup/cpu/cpu.cfs_quota_us 2>/dev/null || cut -d' ' -f1 /sys/fs/cgroup/cpu.max)"\n`,
    });
    const lines: string[] = [];
    await builder.build(
      request('limits', sha, { limits: { cpuMilli: 250, ramMb: 128, timeoutSeconds: 120 } }),
      io(lines),
    );
    const mem = Number(/^mem=(\d+)/m.exec(lines.join('\n'))?.[1]);
    const cpu = Number(/^cpu=(\d+)/m.exec(lines.join('\n'))?.[1]);
    expect(mem).toBeLessThanOrEqual(128 * 1024 * 1024);
    expect(mem).toBeGreaterThan(127 * 1024 * 1024);
    expect(cpu).toBe(25_000); // 0.25 CPU of a 100 ms period
  });

  it('cancel stops the running step and leaves no build container, through the engine alone', async () => {
    // As a platform whose container does not see the host's processes (no --pid=host).
    const blind = newBuilder({ seesHostProcesses: false });
    const marker = 3000 + Math.floor(Math.random() * 900);
    const sha = git.createRepository('cancel', {
      Dockerfile: `FROM ${BUSYBOX_IMAGE}\nRUN echo started && sleep ${marker}\n`,
    });
    const controller = new AbortController();
    const since = Date.now();
    const lines: string[] = [];
    const started = Date.now();
    const build = blind.build(request('cancel', sha), {
      signal: controller.signal,
      onLog: (l) => {
        lines.push(l);
        if (l === 'started') setTimeout(() => controller.abort(), 300);
      },
    });
    await expect(build).rejects.toBeInstanceOf(BuildCancelledError);
    // Far under the step's own length (50 min and more); the helper container takes seconds.
    expect(Date.now() - started).toBeLessThan(150_000);
    expect(
      processesOf(`sleep ${marker}`),
      `the step's sleep survived; the build said:\n${lines.join('\n')}`,
    ).toEqual([]);
    // Told in the log when the stop found the step running; not when Podman had killed it on
    // its own just before (seen under CI's load: the build then waited to run it again, and the
    // stop ended that wait). Podman's kill then reaches the step's runtime, not always the step:
    // its `sleep` was seen running on, and is stopped as the kill is seen.
    const killedByEngine = lines.some((l) => l.includes('interrompue par le moteur'));
    if (!killedByEngine)
      expect(lines.some((l) => l.startsWith('Étape de construction en cours arrêtée'))).toBe(true);
    expect(await buildWorkingContainers(SOCKET!, since, [BUSYBOX_IMAGE])).toEqual([]);
  });

  it('a step whose runtime the engine killed leaves nothing running, stopped during the wait to run it again', async () => {
    // What CI saw under load: Podman killed the step's runtime (`signal: killed`), the step's
    // own process ran on orphaned, and the cancel came while the build waited to retry.
    const marker = 3000 + Math.floor(Math.random() * 900);
    const sha = git.createRepository('runtime-killed', {
      Dockerfile: `FROM ${BUSYBOX_IMAGE}\nRUN echo started && sleep ${marker}\n`,
    });
    const parentOf = (pid: string) =>
      /^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    const controller = new AbortController();
    const since = Date.now();
    const lines: string[] = [];
    const build = builder.build(request('runtime-killed', sha), {
      signal: controller.signal,
      onLog: (l) => {
        lines.push(l);
        if (l === 'started')
          setTimeout(() => {
            // The step's runtime, as the engine killed it: the parent of the step's process.
            const [sleeping] = processesOf(`sleep ${marker}`);
            const runtime = sleeping && parentOf(sleeping);
            if (runtime) process.kill(Number(runtime), 'SIGKILL');
          }, 300);
        if (l.includes('interrompue par le moteur')) controller.abort();
      },
    });
    await expect(build).rejects.toBeInstanceOf(BuildCancelledError);
    expect(lines.some((l) => l.includes('interrompue par le moteur'))).toBe(true);
    expect(
      processesOf(`sleep ${marker}`),
      `the step's sleep survived; the build said:\n${lines.join('\n')}`,
    ).toEqual([]);
    expect(await buildWorkingContainers(SOCKET!, since, [BUSYBOX_IMAGE])).toEqual([]);
  });

  it('stops a build at its timeout with the timeout reason', async () => {
    const sha = git.createRepository('slow', {
      Dockerfile: `FROM ${BUSYBOX_IMAGE}\nRUN sleep 600\n`,
    });
    const err = await buildError(
      builder,
      request('slow', sha, { limits: { cpuMilli: 500, ramMb: 128, timeoutSeconds: 3 } }),
    );
    expect(err).toBeInstanceOf(BuildFailedError);
    expect((err as BuildFailedError).reason).toBe('timeout');
    expect((err as Error).message).toContain('durée maximale');
  });

  it('serves a static site with busybox httpd, unknown paths answering index.html', async () => {
    const sha = git.createRepository('site', {
      'public/index.html': '<h1>Mon site</h1>\n',
      'README.md': 'x',
    });
    const out = await builder.build(request('site', sha, { templateHint: null }), io());
    expect(out.detected.kind).toBe('static');
    expect(await run(out.imageDigest)).toBe('<h1>Mon site</h1>\n');
    const deep = await fetch(`http://127.0.0.1:${lastPort}/clients/42`);
    expect(await deep.text()).toBe('<h1>Mon site</h1>\n');
  });

  it('a push to an unreachable registry fails in French', async () => {
    const sha = git.createRepository('pushed', {
      Dockerfile: `FROM ${BUSYBOX_IMAGE}\nCMD ["true"]\n`,
    });
    const pushing = newBuilder({
      registry: { url: '127.0.0.1:9/nuage', username: 'robot', password: 'registry-pass' },
    });
    images.push(`127.0.0.1:9/nuage/${prefix}/pushed:1`);
    const lines: string[] = [];
    const err = await buildError(pushing, request('pushed', sha), lines);
    expect(err).toBeInstanceOf(BuildFailedError);
    expect((err as Error).message).toMatch(/^L'envoi de l'image vers le registre a échoué : /);
    expect((err as Error).message).toContain('127.0.0.1:9');
    expect((err as Error).message).not.toContain('image not known');
    expect(lines.join('\n')).not.toContain('registry-pass');
  });

  it('RUN steps reach neither the host nor the metadata endpoint; the proxy lets only allowed addresses through', async () => {
    const host = hostAddress();
    const listen = async (text: string) => {
      const server = http.createServer((_q, res) => res.end(text));
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
      return (server.address() as { port: number }).port;
    };
    const privatePort = await listen('service privé');
    const allowedPort = await listen('comme public');
    const sha = git.createRepository('egress', {
      Dockerfile: `FROM ${NODE_IMAGE}\nCOPY probe.js /probe.js\nRUN node /probe.js\n`,
      'probe.js': PROBE(host, privatePort, allowedPort),
    });
    const allowing = newBuilder({ egress: { ...egress, allow: [`${host}:${allowedPort}`] } });
    const lines: string[] = [];
    await allowing.build(request('egress', sha), io(lines));
    const seen = (key: string) => lines.find((l) => l.startsWith(`${key}=`))?.slice(key.length + 1);
    expect(seen('direct-private')).toBe('blocked');
    expect(seen('direct-allowed')).toBe('blocked'); // no route out: only through the proxy
    expect(seen('direct-metadata')).toBe('blocked');
    expect(seen('proxy-private')).toMatch(/^403 destination refusée \(réseau privé\)/);
    expect(seen('proxy-metadata')).toMatch(/^403 destination refusée \(réseau privé\)/);
    expect(seen('tunnel-private')).toBe('403');
    expect(seen('tunnel-metadata')).toBe('403');
    expect(seen('proxy-allowed')).toBe('200 comme public');
    expect(lines).toContain(
      "Réseau de construction isolé : les étapes n'accèdent à Internet que par le proxy de sortie de la plateforme (adresses privées refusées).",
    );
  });

  it('fails a repository larger than its limit in French, its checkout removed', async () => {
    const sha = git.createRepository('too-big', {
      'data.txt': randomBytes(3 * 1024 * 1024).toString('base64'),
      'index.html': 'x',
    });
    const small = newBuilder({ maxSourceBytes: 1024 * 1024 });
    const err = await buildError(small, request('too-big', sha, { templateHint: null }));
    expect(err).toBeInstanceOf(BuildFailedError);
    expect((err as Error).message).toMatch(
      /^Le dépôt dépasse la taille maximale autorisée pour une construction \(1 Mo\)/,
    );
    expect(readdirSync(workDir)).toEqual([]);
  });

  it('fails a build context larger than its limit in French, its checkout removed', async () => {
    const sha = git.createRepository('big-context', {
      Dockerfile: `FROM ${BUSYBOX_IMAGE}\nCOPY . /srv\n`,
      'data.txt': randomBytes(2 * 1024 * 1024).toString('base64'),
    });
    const small = newBuilder({ maxContextBytes: 1024 * 1024 });
    const err = await buildError(small, request('big-context', sha));
    expect(err).toBeInstanceOf(BuildFailedError);
    expect((err as Error).message).toMatch(
      /^Le contexte de construction dépasse la taille maximale autorisée \(1 Mo\) : excluez/,
    );
    expect(readdirSync(workDir)).toEqual([]);
  });

  it('gives the French source errors before building', async () => {
    git.createRepository('exists', { 'index.html': 'x' });
    const missing = await builder
      .resolveCommit({ repositoryUrl: git.url('exists'), branch: 'nope' })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(SourceError);
    expect((missing as SourceError).code).toBe('branch');
  });
});
