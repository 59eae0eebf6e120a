import { describe, expect, it } from 'vitest';
import { phaseOf } from './observe';

describe('an application’s phase on docker', () => {
  const ready = { failed: false, serving: true, allReady: true, setupRunning: false };

  it('is running once every replica and the database are ready and no setup task is at work', () => {
    expect(phaseOf(ready)).toBe('running');
  });

  it('is still starting while the setup task installs (WordPress answers 500 until it is done)', () => {
    expect(phaseOf({ ...ready, setupRunning: true })).toBe('starting');
  });

  it('is starting while a replica or the database is not ready, or with nothing to run', () => {
    expect(phaseOf({ ...ready, allReady: false })).toBe('starting');
    expect(phaseOf({ ...ready, serving: false })).toBe('starting');
  });

  it('is failed when one keeps exiting, whatever the rest', () => {
    expect(phaseOf({ ...ready, failed: true, setupRunning: true })).toBe('failed');
  });
});
