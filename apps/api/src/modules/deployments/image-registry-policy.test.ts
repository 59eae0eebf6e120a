import { imageDeployTexts } from '@nuage/shared/messages/images';
import { describe, expect, it } from 'vitest';
import { registryRefusal } from './image-registry-policy';

const closed = { buildRegistry: 'registry.plateforme.sn:5000/nuage', allowPrivate: false };

describe('the registries a tenant may pull an image from', () => {
  it('takes public registries, Docker Hub included', () => {
    for (const repository of [
      'nginx',
      'acme/api',
      'ghcr.io/acme/api',
      'registre.exemple.sn:5000/x',
    ])
      expect(registryRefusal(repository, closed), repository).toBeNull();
  });

  it("refuses the platform's build registry, even when private registries are allowed", () => {
    for (const policy of [closed, { ...closed, allowPrivate: true }])
      expect(registryRefusal('registry.plateforme.sn:5000/nuage/autre-projet', policy)).toBe(
        imageDeployTexts.platformRegistry,
      );
    // Another port of the same host is another registry.
    expect(registryRefusal('registry.plateforme.sn/x', closed)).toBeNull();
  });

  it('refuses loopback, private, link-local and internal names unless the operator allows them', () => {
    for (const repository of [
      '127.0.0.1:5000/x',
      'localhost:5000/x',
      '10.0.0.5/x',
      '192.168.1.2:5000/x',
      '169.254.169.254/latest',
      '[::1]:5000/x',
      'registry.kube-system.svc:5000/x',
      'registry.default.svc.cluster.local/x',
      'nas.local/x',
      'registre.internal/x',
    ]) {
      expect(registryRefusal(repository, closed), repository).toBe(
        imageDeployTexts.privateRegistry(repository.split('/')[0]!),
      );
      expect(registryRefusal(repository, { allowPrivate: true }), repository).toBeNull();
    }
  });
});
