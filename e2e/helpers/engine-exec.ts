import type { Engine } from '../../bench/lib/docker-engine.mjs';

export interface ExecOutput {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command in a running container through the Engine API (what `docker exec` does), as
 * an operator inspecting the application would: the database's own client, a shell in the
 * application container. The output stream is demultiplexed (8-byte frame headers, no TTY).
 */
export async function execInContainer(
  engine: Engine,
  container: string,
  cmd: string[],
  env: string[] = [],
): Promise<ExecOutput> {
  const created = await engine.json<{ Id: string }>(
    'POST',
    `/containers/${encodeURIComponent(container)}/exec`,
    { body: { Cmd: cmd, Env: env, AttachStdout: true, AttachStderr: true, Tty: false } },
  );
  const started = await engine.send('POST', `/exec/${created.Id}/start`, {
    body: { Detach: false, Tty: false },
    timeoutMs: 120_000,
  });
  if (started.status >= 300) {
    throw new Error(`exec in ${container}: ${started.status} ${started.body.toString()}`);
  }
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const raw = started.body;
  for (let at = 0; at + 8 <= raw.length;) {
    const size = raw.readUInt32BE(at + 4);
    const frame = raw.subarray(at + 8, at + 8 + size);
    (raw[at] === 2 ? err : out).push(frame);
    at += 8 + size;
  }
  const inspected = await engine.json<{ ExitCode: number | null }>(
    'GET',
    `/exec/${created.Id}/json`,
  );
  return {
    exitCode: inspected.ExitCode ?? -1,
    stdout: Buffer.concat(out).toString('utf8'),
    stderr: Buffer.concat(err).toString('utf8'),
  };
}

/** The command's standard output, trimmed; throws with its error output when it failed. */
export async function execChecked(
  engine: Engine,
  container: string,
  cmd: string[],
  env: string[] = [],
): Promise<string> {
  const result = await execInContainer(engine, container, cmd, env);
  if (result.exitCode !== 0) {
    throw new Error(`${cmd.join(' ')} in ${container} exited ${result.exitCode}: ${result.stderr}`);
  }
  return result.stdout.trim();
}
