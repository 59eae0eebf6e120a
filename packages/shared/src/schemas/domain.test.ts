import { describe, expect, it } from 'vitest';
import { domainMessages, normaliseDomain, optionalDomain } from './domain';
import { deployCodeSchema, deployErpSchema, updateDeploymentSchema } from './deployments';

const issues = (value: unknown) => {
  const parsed = optionalDomain.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('the one domain rule', () => {
  it('normalises case, outer spaces and the root’s trailing dot', () => {
    expect(normaliseDomain('  Shop.Exemple.SN.  ')).toBe('shop.exemple.sn');
    expect(optionalDomain.parse(' Shop.Exemple.SN. ')).toBe('shop.exemple.sn');
    expect(optionalDomain.parse('')).toBe('');
    expect(optionalDomain.parse(null)).toBeNull();
  });

  it.each([
    'a.test\nX: y',
    'a.test\r\nX: y',
    'a.test;id',
    'a.test/x',
    'a.test:8080',
    '*.a.test',
    '127.0.0.1',
    '::1',
    `${'a'.repeat(64)}.test`,
    `${Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.')}.test`,
    'a b.test',
    'a_b.test',
    'localhost',
  ])('refuses %j with the French message', (value) => {
    expect(issues(value)).toEqual([domainMessages.invalid]);
  });

  it('is the rule of the template deploy, the code deploy and the edit alike', () => {
    const base = { nom: 'x', cpu: 0.5, ram: 1, replicas: 1 };
    const erp = deployErpSchema.safeParse({
      ...base,
      type_application: 'wordpress',
      nom_domaine: '127.0.0.1',
    });
    const code = deployCodeSchema.safeParse({
      ...base,
      repo_url: 'https://g.sn/a/b.git',
      nom_domaine: '127.0.0.1',
    });
    const edit = updateDeploymentSchema.safeParse({ nom_de_domaine: '127.0.0.1' });
    for (const parsed of [erp, code, edit])
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([domainMessages.invalid]);
  });
});
