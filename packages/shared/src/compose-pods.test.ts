import { describe, expect, it } from 'vitest';
import { serviceOfPod } from './compose-pods';

describe('serviceOfPod', () => {
  const services = ['web', 'db', 'db-replica'];
  it('finds a service by its container or pod name, the exposed one by elimination', () => {
    expect(serviceOfPod('compose-pile-7f1c2d-db', services, 'web')).toBe('db');
    expect(serviceOfPod('compose-pile-7f1c2d-db-0', services, 'web')).toBe('db');
    expect(serviceOfPod('compose-pile-7f1c2d-db-replica-0', services, 'web')).toBe('db-replica');
    expect(serviceOfPod('compose-pile-7f1c2d-0-b', services, 'web')).toBe('web');
    expect(serviceOfPod('compose-pile-7f1c2d-5d8f9c-x2x7k', services, 'web')).toBe('web');
  });
});
