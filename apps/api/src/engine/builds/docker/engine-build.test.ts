import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineClient } from '../../drivers/docker/engine-client';
import { BuildFailedError, BuildStepKilledError, type BuildRequest } from '../builder';
import { runEngineBuild } from './engine-build';

/**
 * How an engine's failed build reads: a step killed by a signal nobody of the platform sent is
 * told apart (what it left running is stopped, and the builder runs such a build once more), any
 * other failure is the build's own.
 */
let dir: string;
let server: http.Server;
let socketPath: string;
let answer: string[];
/** The memory marks of the attempts whose leftovers the build asked to stop. */
let leftoversStopped: number[];

beforeEach(async () => {
  leftoversStopped = [];
  dir = await mkdtemp(path.join(tmpdir(), 'engine-build-'));
  socketPath = path.join(dir, 'engine.sock');
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answer.map((line) => `${line}\n`).join(''));
    });
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const build = () =>
  runEngineBuild(new EngineClient(socketPath), socketPath, {
    request: {
      buildId: 'b1',
      limits: { cpuMilli: 500, ramMb: 256, timeoutSeconds: 60 },
      buildArgs: {},
    } as unknown as BuildRequest,
    imageRef: 'localhost/app:1',
    dockerfile: 'Dockerfile',
    context: Readable.from([Buffer.alloc(1024)]),
    maxContextBytes: 1024 * 1024,
    egress: { network: 'builds', proxyUrl: 'http://10.0.0.2:3128', podman: true },
    io: { signal: new AbortController().signal, onLog: () => {} },
    signal: new AbortController().signal,
    onStopped: () => Promise.resolve(new Error('stopped')),
    onStepKilled: (memory) => {
      leftoversStopped.push(memory);
      return Promise.resolve();
    },
  });

const failedStep = (detail: string) => [
  JSON.stringify({ stream: 'STEP 2/2: RUN npm install\n' }),
  JSON.stringify({ error: `building at STEP "RUN npm install": ${detail}` }),
];

describe('an engine build that fails', () => {
  it('is a killed step when the runtime says the step was killed', async () => {
    answer = failedStep('while running runtime: signal: killed');
    const err = await build().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BuildStepKilledError);
    expect((err as Error).message).toContain('RUN npm install');
    // What the killed runtime left running is stopped, found by the attempt's memory mark (a
    // few pages under the asked 256 MiB).
    expect(leftoversStopped).toHaveLength(1);
    expect(leftoversStopped[0]).toBeLessThan(256 * 1024 * 1024);
    expect(leftoversStopped[0]).toBeGreaterThan(255 * 1024 * 1024);
  });

  it("is the build's own failure when the step exited with an error", async () => {
    answer = failedStep('while running runtime: exit status 1');
    const err = await build().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BuildFailedError);
    expect(err).not.toBeInstanceOf(BuildStepKilledError);
    expect(leftoversStopped).toEqual([]);
  });
});
