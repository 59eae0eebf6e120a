import { terminalTexts } from '@nuage/shared/messages/terminal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShellSession } from '../../driver';
import { EngineApi } from './engine-api';
import { startHijackedExec } from './hijacked-exec';
import { openShellOnDocker } from './shell';
import {
  execIn,
  runId,
  skipReason,
  testClient,
  waitFor,
} from '../../../../test/engine/docker/test-support';
import {
  startShellReplicas,
  type ShellReplicas,
} from '../../../../test/engine/docker/shell-replicas';

/** The output of a shell until `expected` shows (or 10 s pass). */
function readUntil(session: ShellSession, expected: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`not seen ${expected}: ${seen}`)), 10_000);
    session.onData((chunk) => {
      seen += chunk.toString('utf8');
      if (expected.test(seen)) {
        clearTimeout(timer);
        resolve(seen);
      }
    });
  });
}

describe.skipIf(skipReason !== null)('a terminal shell in a replica, on a real engine', () => {
  const prefix = `ndtest-${runId()}`;
  const api = new EngineApi(testClient());
  let replicas: ShellReplicas;

  beforeAll(async () => {
    replicas = await startShellReplicas(api, prefix);
  }, 120_000);
  afterAll(async () => {
    await replicas?.remove();
  }, 60_000);

  it('runs what is typed in the first running replica and ends with the shell', async () => {
    const session = await openShellOnDocker(api, replicas.withShell, { cols: 100, rows: 30 });
    expect(session.replica).toBe(`${replicas.withShell.name}-0`);
    const output = readUntil(session, new RegExp(`\\r\\n${replicas.hostname}\\r\\n`));
    session.write('echo $HOSTNAME\n');
    await output;
    // The TTY has the size the browser asked for.
    const size = readUntil(session, /\r\n30 100\r\n/);
    session.write('stty size\n');
    await size;
    const exited = new Promise<number | null>((resolve) => session.onExit(resolve));
    session.write('exit 3\n');
    expect(await exited).toBe(3);
  }, 30_000);

  it('opens the replica the caller names, and refuses one of another application', async () => {
    const named = `${replicas.withShell.name}-1`;
    const session = await openShellOnDocker(api, replicas.withShell, {
      replica: named,
      cols: 80,
      rows: 24,
    });
    const output = readUntil(session, new RegExp(`\\r\\n${prefix}-host1\\r\\n`));
    session.write('hostname\n');
    await output;
    // Closing ends the shell and what it runs: nothing is left in the container.
    session.write('sleep 1000\n');
    const container = (await api.inspectContainer(named))!.Id;
    const processes = () =>
      execIn(api, container, [
        '/bin/sh',
        '-c',
        'for p in /proc/[0-9]*; do cat $p/cmdline; echo; done',
      ]);
    await waitFor('the sleep', processes, (p) => p.includes('sleep\u00001000'));
    const exited = new Promise<number | null>((resolve) => session.onExit(resolve));
    session.close();
    await exited;
    await waitFor('no shell left', processes, (p) => !p.includes('sleep\u00001000'));

    const foreign = `${replicas.withoutShell.name}-0`;
    await expect(
      openShellOnDocker(api, replicas.withShell, { replica: foreign, cols: 80, rows: 24 }),
    ).rejects.toThrow(terminalTexts.unknownReplica(foreign));
  }, 30_000);

  it('gives the TTY its size before the first command runs, with no resize after', async () => {
    const container = (await api.inspectContainer(`${replicas.withShell.name}-0`))!.Id;
    const exec = await api.client.json<{ Id: string }>('POST', `/containers/${container}/exec`, {
      body: {
        Cmd: ['/bin/sh', '-c', 'stty size'],
        AttachStdout: true,
        AttachStderr: true,
        Tty: true,
      },
    });
    const { socket, head } = await startHijackedExec(api.client.socketPath, exec.Id, {
      cols: 132,
      rows: 43,
    });
    const chunks = [head];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.resume();
    await new Promise((resolve) => socket.on('close', resolve));
    expect(Buffer.concat(chunks).toString('utf8').trim()).toBe('43 132');
  }, 30_000);

  it('refuses in French an image without a shell', async () => {
    await expect(
      openShellOnDocker(api, replicas.withoutShell, { cols: 80, rows: 24 }),
    ).rejects.toThrow(terminalTexts.noShell);
  }, 30_000);
});
