import { saasTemplateIds } from '@nuage/shared/catalog';
import { describe, expect, it } from 'vitest';
import { makeSpec } from '../../../test/engine/manifests/test-fixtures';
import { fakeImageRuns } from '../../../test/engine/docker/fake-image-runs';
import { createBody } from '../drivers/docker/container-create-body';
import { applicationPlan, databasePlan, setupPlan } from '../drivers/docker/container-spec';
import { applicationSecurity, databaseSecurity } from './security';

interface Body {
  HostConfig: {
    Privileged?: boolean;
    Binds?: string[];
    Mounts?: { Type: string }[];
    CapAdd?: string[];
    CapDrop?: string[];
    SecurityOpt?: string[];
    NetworkMode?: string;
    PidMode?: string;
  };
}

describe('security profiles', () => {
  it('never grants what lets a container escape its limits', () => {
    const all = [...Object.values(applicationSecurity), ...Object.values(databaseSecurity)];
    for (const profile of all) {
      for (const cap of ['SYS_ADMIN', 'NET_ADMIN', 'SYS_PTRACE', 'SYS_MODULE', 'NET_RAW'])
        expect(profile.capabilities).not.toContain(cap);
      expect(profile.reason.length).toBeGreaterThan(20);
    }
  });

  it('a non-root image owns its volume through its group', () => {
    for (const id of saasTemplateIds) {
      const p = applicationSecurity[id];
      if (p.runAsUser !== null) expect(p.fsGroup).not.toBeNull();
    }
  });

  it('reaches every component of a rendered application', () => {
    const spec = makeSpec({ template: 'wordpress' });
    expect(spec.app.security).toBe(applicationSecurity.wordpress);
    expect(spec.database?.security).toBe(databaseSecurity.mariadb);
    expect(spec.setup?.security.runAsUser).toBe(33);
  });

  it('runs no container of any application privileged, on the host or with a host path (docker)', () => {
    const key = Buffer.alloc(32, 7);
    for (const id of saasTemplateIds) {
      const spec = makeSpec({ template: id });
      const runs = fakeImageRuns(spec);
      const plans = [
        applicationPlan(spec, key, runs),
        databasePlan(spec, key, runs),
        setupPlan(spec, key, runs),
      ];
      for (const plan of plans) {
        if (!plan) continue;
        const { HostConfig: h } = createBody(plan) as unknown as Body;
        expect(h.Privileged ?? false, id).toBe(false);
        expect(h.Binds ?? [], id).toEqual([]);
        for (const m of h.Mounts ?? []) expect(m.Type, id).toBe('volume');
        expect(h.CapDrop, id).toEqual(['ALL']);
        expect(h.SecurityOpt, id).toContain('no-new-privileges');
        expect(h.NetworkMode, id).not.toBe('host');
        expect(h.PidMode ?? '', id).not.toBe('host');
        for (const cap of h.CapAdd ?? [])
          expect(
            ['CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'SETGID', 'SETUID', 'NET_BIND_SERVICE', 'KILL'],
            id,
          ).toContain(cap);
      }
    }
  });
});
