import { describe, expect, it } from 'vitest';
import { parseEvent } from './engine-events';

describe("the engine's event stream", () => {
  it("reads a container's start and end with its labels, from Podman's and Docker's lines", () => {
    const podman = JSON.stringify({
      status: 'start',
      Type: 'container',
      Action: 'start',
      Actor: { ID: 'abc', Attributes: { name: 'shop-0', 'nuagedeploy.io/deployment-id': 'd1' } },
    });
    expect(parseEvent(podman)).toEqual({
      action: 'start',
      name: 'shop-0',
      labels: { 'nuagedeploy.io/deployment-id': 'd1' },
    });
    const docker = JSON.stringify({
      Type: 'container',
      Action: 'die',
      Actor: { ID: 'abc', Attributes: { name: '/shop-1-b', exitCode: '137' } },
    });
    expect(parseEvent(docker)).toMatchObject({ action: 'die', name: 'shop-1-b' });
  });

  it('ignores other types, other actions, nameless actors and broken lines', () => {
    const line = (o: object) => JSON.stringify(o);
    const named = { Attributes: { name: 'shop-0' } };
    expect(parseEvent(line({ Type: 'image', Action: 'pull', Actor: named }))).toBeNull();
    expect(parseEvent(line({ Type: 'container', Action: 'exec_start', Actor: named }))).toBeNull();
    expect(parseEvent(line({ Type: 'container', Action: 'start', Actor: {} }))).toBeNull();
    expect(parseEvent('{"Type":"container",')).toBeNull();
  });
});
