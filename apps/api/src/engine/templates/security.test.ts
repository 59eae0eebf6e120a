import { saasTemplateIds } from '@nuage/shared/catalog';
import { describe, expect, it } from 'vitest';
import { makeSpec } from '../../../test/engine/manifests/test-fixtures';
import { applicationSecurity, databaseSecurity } from './security';

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
});
