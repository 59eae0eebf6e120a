import { imagePullTexts } from '@nuage/shared/messages/images';
import { describe, expect, it } from 'vitest';
import { registryAuthHeader } from './engine-api';
import { pullFailureText } from './pull-failure';

describe('pullFailureText', () => {
  const image = '127.0.0.1:45901/acme/api:1';
  // Podman's own texts (4.3), as the engine API streams them.
  const unauthorized =
    'initializing source docker://127.0.0.1:45901/acme/api:1: reading manifest 1 in 127.0.0.1:45901/acme/api: unauthorized: authentication required';
  const unknown =
    'initializing source docker://127.0.0.1:45901/acme/api:1: reading manifest 1 in 127.0.0.1:45901/acme/api: manifest unknown: manifest unknown';

  it('tells wrong credentials from missing ones', () => {
    expect(pullFailureText(image, unauthorized, true)).toBe(
      imagePullTexts.refusedCredentials('127.0.0.1:45901'),
    );
    expect(pullFailureText(image, unauthorized, false)).toBe(
      imagePullTexts.authenticationRequired('127.0.0.1:45901'),
    );
  });

  it('says an unknown image or tag is not found, and a registry that does not answer', () => {
    expect(pullFailureText(image, unknown, true)).toBe(imagePullTexts.notFound(image));
    expect(
      pullFailureText(
        'ghcr.io/acme/api:1',
        'pinging container registry ghcr.io: Get "https://ghcr.io/v2/": dial tcp: lookup ghcr.io: no such host',
        false,
      ),
    ).toBe(imagePullTexts.unreachable('ghcr.io'));
    // Docker Hub's answer for a repository that does not exist (or is private).
    expect(
      pullFailureText(
        'acme/absente:1',
        "pull access denied for acme/absente, repository does not exist or may require 'docker login': denied: requested access to the resource is denied",
        false,
      ),
    ).toBe(imagePullTexts.notFound('acme/absente:1'));
  });
});

describe('registryAuthHeader', () => {
  it('is the padded base64url of the credentials, as Podman decodes it', () => {
    const header = registryAuthHeader({ registry: 'ghcr.io', username: 'a', password: 'b?>' });
    expect(header).not.toMatch(/[+/]/);
    expect(header.length % 4).toBe(0);
    const json = Buffer.from(header.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
    expect(JSON.parse(json.toString())).toEqual({
      username: 'a',
      password: 'b?>',
      serveraddress: 'ghcr.io',
    });
  });
});
