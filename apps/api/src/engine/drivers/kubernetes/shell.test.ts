import { terminalTexts } from '@nuage/shared/messages/terminal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShellSession } from '../../driver';
import { VARIANTS, makeSpec } from '../../../../test/engine/manifests/test-fixtures';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import {
  eventually,
  readyStatus,
  refOf,
  seedNamespace,
  seedPod,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/** The browser terminal's shell on Kubernetes (issue 29): pods/exec against the strict fake. */
let api: FakeKubeApi;
let driver: KubernetesDriver;
const spec = makeSpec({ template: 'wordpress', variant: VARIANTS.find((v) => v.tls)! });
const first = `${spec.name}-7d9f-a`;
const second = `${spec.name}-7d9f-b`;

beforeAll(async () => {
  ({ api, driver } = await startFakeCluster());
  seedNamespace(api, spec.namespace);
  await driver.apply(spec);
  seedPod(api, spec, 'app', second, readyStatus(spec.app.image));
  seedPod(api, spec, 'app', first, readyStatus(spec.app.image));
  seedPod(api, spec, 'database', `${spec.database!.name}-0`, readyStatus(spec.database!.image));
  await eventually(async () => expect((await driver.status(refOf(spec))).pods).toHaveLength(3));
});
afterAll(async () => {
  await driver.close();
  await api.close();
});

function readUntil(session: ShellSession, expected: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`not seen ${expected}: ${seen}`)), 5000);
    session.onData((chunk) => {
      seen += chunk.toString('utf8');
      if (seen.includes(expected)) {
        clearTimeout(timer);
        resolve(seen);
      }
    });
  });
}

describe('openShell on Kubernetes (pods/exec over a WebSocket)', () => {
  it('opens a TTY shell in the first running application pod, sized, and reads its exit code', async () => {
    const session = await driver.openShell(refOf(spec), { cols: 120, rows: 40 });
    expect(session.replica).toBe(first);
    const output = readUntil(session, `\r\n${first}\r\n`);
    session.write('echo $HOSTNAME\r');
    await output;
    const exec = api.requests.find((r) => r.path.endsWith(`/pods/${first}/exec`))!;
    expect(exec.query.getAll('command')[0]).toBe('/bin/sh');
    expect(exec.query.get('tty')).toBe('true');
    expect(exec.rbac.map((a) => `${a.resource} ${a.verb}`)).toEqual([
      'pods/exec get',
      'pods/exec create',
    ]);
    expect(api.exec.resizes).toContainEqual({ pod: first, Width: 120, Height: 40 });
    const exited = new Promise<number | null>((resolve) => session.onExit(resolve));
    session.write('exit 3\r');
    expect(await exited).toBe(3);
  });

  it('opens the pod the caller names, and refuses one that is not the application’s', async () => {
    const session = await driver.openShell(refOf(spec), { replica: second, cols: 80, rows: 24 });
    const output = readUntil(session, `\r\n${second}\r\n`);
    session.write('echo $HOSTNAME\r');
    await output;
    const exited = new Promise<number | null>((resolve) => session.onExit(resolve));
    session.write('exit\r');
    expect(await exited).toBe(0);
    const database = `${spec.database!.name}-0`;
    await expect(
      driver.openShell(refOf(spec), { replica: database, cols: 80, rows: 24 }),
    ).rejects.toThrow(terminalTexts.unknownReplica(database));
  });

  it('refuses in French an image without a shell', async () => {
    api.exec.shellless.add(first);
    try {
      await expect(driver.openShell(refOf(spec), { cols: 80, rows: 24 })).rejects.toThrow(
        terminalTexts.noShell,
      );
    } finally {
      api.exec.shellless.delete(first);
    }
  });
});
