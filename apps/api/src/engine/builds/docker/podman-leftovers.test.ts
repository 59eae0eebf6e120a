import { describe, expect, it } from 'vitest';
import { fromImages, workingContainerBase } from './podman-leftovers';

describe("a build's working containers are recognised by their base images", () => {
  it('reads every FROM of a Dockerfile, options and stage names aside', () => {
    expect(
      fromImages(
        'FROM --platform=linux/amd64 docker.io/library/node:20 AS build\nRUN x\nfrom build\nFROM busybox@sha256:abc\n',
      ),
    ).toEqual(['docker.io/library/node:20', 'build', 'busybox@sha256:abc']);
  });
  it("names them as buildah does: the image's last path part, without tag or digest", () => {
    expect(workingContainerBase('localhost/nuage-test-node:bookworm')).toBe('nuage-test-node');
    expect(workingContainerBase('registry.local:5000/team/app')).toBe('app');
    expect(workingContainerBase('busybox@sha256:abc')).toBe('busybox');
  });
});
