import { describe, expect, it } from 'vitest';
import { composeSettings, keepRequestedExposed } from './compose-settings';

const settings = (exposedService: string, requestedExposedService?: string) =>
  composeSettings({
    exposedService,
    services: [],
    volumes: [],
    composePath: 'docker-compose.yml',
    ...(requestedExposedService ? { requestedExposedService } : {}),
  });

describe('keepRequestedExposed', () => {
  it('keeps an exposed service asked for meanwhile that the release does not serve yet', () => {
    // A build started before PUT /source released `web`: the change's own build still reads `db`.
    expect(keepRequestedExposed(settings('web', 'db'), settings('web'))).toEqual(
      settings('web', 'db'),
    );
  });

  it('drops the request once a release serves it, and keeps nothing when none was asked', () => {
    expect(keepRequestedExposed(settings('web', 'db'), settings('db'))).toEqual(settings('db'));
    expect(keepRequestedExposed(settings('web'), settings('api'))).toEqual(settings('api'));
  });
});
