import { StringDecoder } from 'node:string_decoder';
import { taskTexts } from '@nuage/shared/messages/tasks';
import { RuntimeRejectedError, type TaskRunOutcome, type TaskRunRequest } from '../../driver';
import { LABELS, MANAGED_BY, type ApplicationSpec } from '../../spec';
import { applicationPlan, type ContainerPlan } from './container-spec';
import { specFiles } from './converge';
import type { EngineApi } from './engine-api';
import { openStream } from './engine-stream';
import { imageRunConfigs } from './image-config';
import { createContainer } from './objects';
import { writeFiles } from './secret-files';

/**
 * A task run or one-off command on one host (issue 29): a fresh container of the application's
 * image, planned like its replicas (container-spec.ts: the same variables and secret files,
 * CPU, memory and process limits, dropped capabilities, no-new-privileges, never privileged,
 * the environment's network), with `/bin/sh -c <command>` after the image's entrypoint (as
 * `docker run <image> sh -c …` would) and nothing published. It carries its own labels, never
 * the application's deployment label, so the application's converge and status leave it alone.
 */

export const TASK_LABELS = {
  run: 'nuagedeploy.io/task-run',
  of: 'nuagedeploy.io/task-of',
} as const;

const STOP_GRACE_SECONDS = 5;
/** The processes a command may start: a shell and what it runs, far from a fork bomb. */
const TASK_PIDS_LIMIT = 256;

export const taskContainerName = (spec: ApplicationSpec, runId: string) =>
  `${spec.name.slice(0, 40)}-task-${runId.replace(/-/g, '').slice(0, 12)}`;

export function taskPlan(
  spec: ApplicationSpec,
  base: ContainerPlan,
  entrypoint: string[],
  runId: string,
  command: string,
): ContainerPlan {
  const shell = ['/bin/sh', '-c', command];
  const t = base.template;
  return {
    ...base,
    name: taskContainerName(spec, runId),
    template: {
      ...t,
      port: null,
      aliases: [],
      probe: null,
      restart: 'no',
      pidsLimit: TASK_PIDS_LIMIT,
      // Behind the secrets' loader: it exports them, then runs the image's entrypoint and the shell.
      ...(t.entrypoint ? { cmd: [...entrypoint, ...shell] } : { entrypoint: null, cmd: shell }),
    },
    labels: {
      [LABELS.managedBy]: MANAGED_BY,
      [LABELS.projectId]: spec.labels[LABELS.projectId] ?? '',
      [LABELS.environmentId]: spec.labels[LABELS.environmentId] ?? '',
      [TASK_LABELS.of]: spec.deploymentId,
      [TASK_LABELS.run]: runId,
    },
    exposedSecrets: [],
  };
}

/** Splits a byte stream into lines, keeping a partial last line until it ends. */
class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';
  constructor(private readonly onLine: (line: string) => void) {}
  push(text: string) {
    const lines = (this.rest + text).split(/\r?\n/);
    this.rest = lines.pop() ?? '';
    for (const l of lines) this.onLine(l);
  }
  pushBytes(chunk: Buffer) {
    this.push(this.decoder.write(chunk));
  }
  end() {
    this.push(this.decoder.end());
    if (this.rest) this.onLine(this.rest);
    this.rest = '';
  }
}

/**
 * The engine's multiplexed log frames (log-frames.ts: an 8-byte header, then the payload),
 * handed over as they arrive rather than kept: a command may print for hours.
 */
class StreamingDemuxer {
  private pending: Buffer = Buffer.alloc(0);
  constructor(private readonly out: LineSplitter) {}
  feed(chunk: Buffer) {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (this.pending.length >= 8) {
      const size = this.pending.readUInt32BE(4);
      if (this.pending.length < 8 + size) break;
      this.out.pushBytes(this.pending.subarray(8, 8 + size));
      this.pending = this.pending.subarray(8 + size);
    }
  }
}

export async function runTaskOnDocker(
  api: EngineApi,
  hashKey: Buffer,
  spec: ApplicationSpec,
  request: TaskRunRequest,
): Promise<TaskRunOutcome> {
  const image = spec.app.image;
  const images = await imageRunConfigs(api, [image]);
  const run = images.get(image);
  if (!run?.hasShell) throw new RuntimeRejectedError(taskTexts.noShell);
  const plan = taskPlan(
    spec,
    applicationPlan(spec, hashKey, images),
    run.entrypoint,
    request.runId,
    request.command,
  );
  const leftover = await api.inspectContainer(plan.name);
  if (leftover) await api.removeContainer(leftover.Id);
  const id = await createContainer(api, plan);
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const stop = () => void api.stopContainer(id, STOP_GRACE_SECONDS).catch(() => undefined);
  try {
    await writeFiles(api, id, await specFiles(api, plan, id));
    await api.startContainer(id);
    // Followed from its first line (the engine keeps the container's whole output), until it
    // ends: a command that already ended is read whole. (Podman ends a follow opened before
    // the start at once, so it is opened after.)
    const logs = await openStream(api.client, 'GET', `/containers/${id}/logs`, {
      query: { follow: 'true', stdout: 'true', stderr: 'true' },
      timeoutMs: (request.timeoutSeconds + STOP_GRACE_SECONDS + 60) * 1000,
    });
    timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, request.timeoutSeconds * 1000);
    request.signal.addEventListener('abort', stop, { once: true });
    let followed = 0;
    const lines = new LineSplitter((line) => {
      followed++;
      request.onLine(line);
    });
    const demuxer = new StreamingDemuxer(lines);
    for await (const chunk of logs.body) demuxer.feed(chunk as Buffer);
    lines.end();
    const exitCode = await exitCodeOf(api, id);
    await readLinesAfter(api, id, followed, request.onLine);
    return { exitCode, timedOut, simulated: false };
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', stop);
    await api.removeContainer(id).catch(() => undefined);
  }
}

/**
 * The lines the follow missed: Podman sometimes ends a follow of a command that exits at once
 * before its output reached the log (a run with exit code 0 and no line). Once the container has
 * ended, its whole log is read again, streamed, and the lines past the `skip` already delivered
 * are handed over.
 */
async function readLinesAfter(
  api: EngineApi,
  id: string,
  skip: number,
  onLine: (line: string) => void,
): Promise<void> {
  let seen = 0;
  const lines = new LineSplitter((line) => {
    if (++seen > skip) onLine(line);
  });
  const demuxer = new StreamingDemuxer(lines);
  try {
    await api.client.request('GET', `/containers/${id}/logs`, {
      query: { stdout: true, stderr: true, follow: false },
      onData: (chunk) => demuxer.feed(chunk),
    });
  } catch {
    return; // the container went with its log: the run keeps the lines the follow gave
  }
  lines.end();
}

/** The log stream ends when the container does; Podman may say so a moment before its state. */
async function exitCodeOf(api: EngineApi, id: string): Promise<number | null> {
  for (let i = 0; i < 50; i++) {
    const c = await api.inspectContainer(id);
    if (!c) return null;
    if (!c.State.Running && c.State.Status !== 'created') return c.State.ExitCode;
    await new Promise((r) => setTimeout(r, 200));
  }
  return null;
}

/** Containers of runs whose process died: removed at start-up and by the scheduler. */
export async function removeTaskContainers(api: EngineApi, runIds: string[]): Promise<void> {
  for (const runId of runIds) {
    const found = await api.listContainers({ label: [`${TASK_LABELS.run}=${runId}`] });
    for (const c of found) await api.removeContainer(c.Id).catch(() => undefined);
  }
}
