import { describe, expect, it } from 'vitest';
import type { ContainerInspect } from './engine-api';
import { publishedPort } from './probes';

const withBindings = (bindings: { HostIp: string; HostPort: string }[]) =>
  ({ NetworkSettings: { Ports: { '5432/tcp': bindings } } }) as unknown as ContainerInspect;

describe('publishedPort', () => {
  const ephemeral = { HostIp: '127.0.0.1', HostPort: '41234' };
  const endpoint = { HostIp: '127.0.0.1', HostPort: '23270' };

  it('never picks the public endpoint, whichever order the engine lists the bindings in', () => {
    expect(publishedPort(withBindings([ephemeral, endpoint]), 5432, 23270)).toBe(41234);
    expect(publishedPort(withBindings([endpoint, ephemeral]), 5432, 23270)).toBe(41234);
  });

  it('prefers loopback, and says null when only the public endpoint is bound', () => {
    const elsewhere = { HostIp: '10.0.0.5', HostPort: '39000' };
    expect(publishedPort(withBindings([elsewhere, ephemeral]), 5432)).toBe(41234);
    expect(publishedPort(withBindings([endpoint]), 5432, 23270)).toBeNull();
    expect(publishedPort(withBindings([]), 5432)).toBeNull();
    expect(publishedPort(withBindings([ephemeral]), null)).toBeNull();
  });
});
