import { describe, expect, it, vi } from 'vitest';
import type { RuntimeDriver } from '../driver';
import type { ApplicationSpec } from '../spec';
import { overrideImages, parseImageOverrides, withImageOverrides } from './image-overrides';
import { makeSpec } from '../../../test/engine/manifests/test-fixtures';
import { buildComposeApplicationSpec } from '../templates/compose-spec';

const MIRROR =
  'docker.io/library/mariadb:10.11=registry.local/mariadb:10.11, docker.io/library/wordpress:cli=registry.local/wp-cli:2';

describe('IMAGE_OVERRIDES', () => {
  it('parses image=replacement pairs separated by commas, blanks ignored', () => {
    expect([...parseImageOverrides(`${MIRROR},`)]).toEqual([
      ['docker.io/library/mariadb:10.11', 'registry.local/mariadb:10.11'],
      ['docker.io/library/wordpress:cli', 'registry.local/wp-cli:2'],
    ]);
    expect(parseImageOverrides(undefined).size).toBe(0);
  });

  it('names the faulty entry', () => {
    expect(() => parseImageOverrides('mariadb:10.11')).toThrow('"mariadb:10.11"');
    expect(() => parseImageOverrides('a=b=c')).toThrow('"a=b=c"');
    expect(() => parseImageOverrides('a=b,a=c')).toThrow('a is given twice');
    expect(() => parseImageOverrides('a=b c')).toThrow('"a=b c"');
  });

  it('replaces exactly the listed references of a spec, nothing else', () => {
    const spec = makeSpec({ template: 'wordpress' });
    const swapped = overrideImages(spec, parseImageOverrides(MIRROR));
    expect(swapped.database!.image).toBe('registry.local/mariadb:10.11');
    expect(swapped.setup!.image).toBe('registry.local/wp-cli:2');
    expect(swapped.app.image).toBe(spec.app.image);
    expect(spec.database!.image).toBe('docker.io/library/mariadb:10.11'); // the input is untouched
  });

  it('replaces a Compose service’s image and marks it the operator’s (pulled only when absent)', () => {
    const spec = buildComposeApplicationSpec({
      deployment: {
        id: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
        projectId: '11111111-2222-4333-8444-555555555555',
        environmentId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
        nom: 'pile',
        runtimeName: 'compose-pile-7f1c2d',
        hostLabel: 'pile',
        image: 'nginx:1.27',
        port: 80,
        cpuMilli: 1000,
        ramMb: 1024,
        storageMb: 0,
        replicas: 1,
        domain: null,
        generation: 1,
      },
      namespace: 'env-a',
      certificate: null,
      file: 'services:\n  web:\n    image: nginx:1.27\n  db:\n    image: postgres:15-alpine\n',
      exposedService: 'web',
    });
    const swapped = overrideImages(
      spec,
      parseImageOverrides('postgres:15-alpine=docker.io/library/postgres:15-alpine'),
    );
    const [db, web] = swapped.stack!.services;
    expect(db).toMatchObject({
      image: 'docker.io/library/postgres:15-alpine',
      operatorImage: true,
    });
    // The user's own image stays theirs: pulled again at every apply.
    expect(web!.image).toBe('nginx:1.27');
    expect(web!.operatorImage).toBeUndefined();
  });

  it('makes the driver apply the overridden spec and leaves its other methods alone', async () => {
    const apply = vi.fn(async (_spec: ApplicationSpec) => ({ preparations: [] }));
    const driver = {
      name: 'docker',
      apply,
      remove: vi.fn(async () => {}),
    } as unknown as RuntimeDriver;
    const wrapped = withImageOverrides(driver, parseImageOverrides(MIRROR));
    const spec = makeSpec({ template: 'wordpress' });
    await wrapped.apply(spec);
    expect(apply.mock.calls[0]![0].database!.image).toBe('registry.local/mariadb:10.11');
    expect(wrapped.name).toBe('docker');
    await wrapped.remove({ deploymentId: 'd', name: 'n', namespace: 'ns' });
    expect(driver.remove).toHaveBeenCalledOnce();
    expect(withImageOverrides(driver, new Map())).toBe(driver);
  });

  it('gives the backup methods the overridden spec too (a restore runs the database image)', async () => {
    const restore = vi.fn(async (_spec: ApplicationSpec, _dir: string) => {});
    const testRestore = vi.fn(async (_spec: ApplicationSpec, _dir: string) => ({ tablesCount: 1 }));
    const driver = { name: 'docker', restore, testRestore } as unknown as RuntimeDriver;
    const wrapped = withImageOverrides(driver, parseImageOverrides(MIRROR));
    const spec = makeSpec({ template: 'wordpress' });
    await wrapped.restore(spec, '/tmp/parts');
    await wrapped.testRestore(spec, '/tmp/parts');
    expect(restore.mock.calls[0]![0].database!.image).toBe('registry.local/mariadb:10.11');
    expect(restore.mock.calls[0]![1]).toBe('/tmp/parts');
    expect(testRestore.mock.calls[0]![0].database!.image).toBe('registry.local/mariadb:10.11');
  });
});
