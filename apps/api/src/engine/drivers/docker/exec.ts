import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RuntimeRejectedError } from '../../driver';
import type { EngineApi } from './engine-api';
import { errorText, openStream } from './engine-stream';
import { runtimeErrorTexts } from '@nuage/shared/messages/runtime';

/**
 * A command run inside a running container through the Engine's exec API (no shell unless
 * the command asks for one; values reach it as environment variables, never spliced into the
 * command line). Output without a TTY is multiplexed: 8-byte frame headers give the stream.
 */
export interface ExecOptions {
  cmd: string[];
  /** `NAME=value` entries (passwords go here, not in `cmd`). */
  env?: string[];
  /** stdout is written to this file instead of being kept in memory (dumps). */
  stdoutFile?: string;
  timeoutMs?: number;
}

export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

const STDERR_KEPT = 64 * 1024;

export async function execIn(
  api: EngineApi,
  containerId: string,
  opts: ExecOptions,
): Promise<ExecResult> {
  const created = await api.client.json<{ Id: string }>('POST', `/containers/${containerId}/exec`, {
    body: { Cmd: opts.cmd, Env: opts.env ?? [], AttachStdout: true, AttachStderr: true },
  });
  let stdout = '';
  let stderr = '';
  const keepStderr = (payload: Buffer) => {
    if (stderr.length < STDERR_KEPT) stderr += payload.toString('utf8');
  };
  const timeoutMs = opts.timeoutMs ?? 30 * 60_000;
  if (opts.stdoutFile) {
    // A dump: gigabytes written as they come, the socket paused whenever the disk lags.
    const res = await openStream(api.client, 'POST', `/exec/${created.Id}/start`, {
      json: { Detach: false, Tty: false },
      timeoutMs,
    });
    if (res.status >= 400) {
      throw new RuntimeRejectedError(`exec ${res.status}: ${await errorText(res.body)}`);
    }
    await pipeline(res.body, demultiplex(keepStderr), createWriteStream(opts.stdoutFile));
  } else {
    const chunks: Buffer[] = [];
    const frames = new FrameSplitter((stream, payload) => {
      if (stream === 2) keepStderr(payload);
      else chunks.push(payload);
    });
    await api.client.request('POST', `/exec/${created.Id}/start`, {
      body: { Detach: false, Tty: false },
      timeoutMs,
      onData: (chunk) => frames.push(chunk),
    });
    stdout = Buffer.concat(chunks).toString('utf8');
  }
  const inspected = await api.client.json<{ ExitCode: number | null; Running: boolean }>(
    'GET',
    `/exec/${created.Id}/json`,
  );
  return {
    exitCode: inspected.ExitCode ?? -1,
    stdout,
    stderr: stderr.trim(),
  };
}

/** Runs a command and refuses (French reason, with the tool's own message) when it fails. */
export async function execChecked(
  api: EngineApi,
  containerId: string,
  opts: ExecOptions & { what: string },
): Promise<ExecResult> {
  const result = await execIn(api, containerId, opts);
  if (result.exitCode !== 0) {
    const detail = result.stderr.split('\n').slice(-3).join(' ').slice(0, 500);
    throw new RuntimeRejectedError(
      runtimeErrorTexts.commandFailed(opts.what, result.exitCode, detail),
    );
  }
  return result;
}

/** Splits a multiplexed exec stream into (stream id, payload) frames, across HTTP chunks. */
class FrameSplitter {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly onFrame: (stream: number, payload: Buffer) => void) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (this.pending.length >= 8) {
      const size = this.pending.readUInt32BE(4);
      if (this.pending.length < 8 + size) break;
      this.onFrame(this.pending[0] ?? 1, this.pending.subarray(8, 8 + size));
      this.pending = this.pending.subarray(8 + size);
    }
  }
}

/** A stream of the exec's stdout payloads; stderr frames go to `onStderr`. */
function demultiplex(onStderr: (payload: Buffer) => void): Transform {
  const out = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      frames.push(chunk);
      callback();
    },
  });
  const frames = new FrameSplitter((stream, payload) => {
    if (stream === 2) onStderr(payload);
    else out.push(payload);
  });
  return out;
}
