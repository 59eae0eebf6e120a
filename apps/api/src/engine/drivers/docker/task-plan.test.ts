import { describe, expect, it } from 'vitest';
import { LABELS } from '../../spec';
import { makeSpec } from '../../../../test/engine/manifests/test-fixtures';
import { fakeImageRuns, APACHE_IMAGE_RUN } from '../../../../test/engine/docker/fake-image-runs';
import { createBody } from './container-create-body';
import { applicationPlan } from './container-spec';
import { taskPlan, TASK_LABELS } from './task-run';

/** The one-off container of a task run (issue 29), built from a hostile command. */
const KEY = Buffer.alloc(32, 1);
const HOSTILE = `echo "x"; $(reboot) \`id\`; rm -rf / # ' \n--privileged`;
const RUN_ID = '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

describe('the task container', () => {
  const spec = makeSpec({ template: 'wordpress' });
  const app = applicationPlan(spec, KEY, fakeImageRuns(spec));
  const plan = taskPlan(spec, app, APACHE_IMAGE_RUN.entrypoint, RUN_ID, HOSTILE);
  const body = createBody(plan) as {
    Cmd?: string[];
    Entrypoint?: string[];
    Env: string[];
    Labels: Record<string, string>;
    ExposedPorts?: unknown;
    HostConfig: Record<string, unknown> & {
      PortBindings?: unknown;
      RestartPolicy: { Name: string };
    };
  };
  const appBody = createBody(app) as typeof body;

  it('keeps the command one argument of /bin/sh -c, after the image’s entrypoint', () => {
    const cmd = body.Cmd!;
    expect(cmd.slice(-3)).toEqual(['/bin/sh', '-c', HOSTILE]);
    expect(plan.name).toMatch(/^[a-z0-9][a-z0-9.-]*-task-8c1d2e3f4a5b$/);
  });

  it('runs with the application’s variables, limits, network and security, never privileged', () => {
    expect(body.Env).toEqual(appBody.Env);
    for (const key of [
      'NanoCpus',
      'Memory',
      'MemorySwap',
      'SecurityOpt',
      'CapDrop',
      'CapAdd',
      'NetworkMode',
      'Mounts',
    ])
      expect(body.HostConfig[key], key).toEqual(appBody.HostConfig[key]);
    expect(body.HostConfig.Privileged).toBeUndefined();
    expect(body.HostConfig.SecurityOpt).toEqual(['no-new-privileges']);
    expect(body.HostConfig.PidsLimit).toBe(256);
    // Nothing published, never restarted.
    expect(body.ExposedPorts).toBeUndefined();
    expect(body.HostConfig.PortBindings).toBeUndefined();
    expect(body.HostConfig.RestartPolicy.Name).toBe('no');
  });

  it('carries its own labels, never the application’s deployment label (its converge would remove it)', () => {
    expect(body.Labels[TASK_LABELS.run]).toBe(RUN_ID);
    expect(body.Labels[TASK_LABELS.of]).toBe(spec.deploymentId);
    expect(body.Labels[LABELS.deploymentId]).toBeUndefined();
    expect(JSON.stringify(body.Labels)).not.toContain('reboot');
  });
});
