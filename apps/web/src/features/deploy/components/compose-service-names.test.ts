import { describe, expect, it } from 'vitest';
import { composeServiceNames } from './compose-service-names';

describe('composeServiceNames', () => {
  it('offers the keys one level under services, not their own keys nor other sections', () => {
    const file = `# ma pile
services:
  web:
    image: nginx:1.27
    environment:
      db: non
  db:
    image: postgres:16
volumes:
  data:
`;
    expect(composeServiceNames(file)).toEqual(['web', 'db']);
    expect(composeServiceNames('')).toEqual([]);
  });
});
