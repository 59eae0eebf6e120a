import { describe, expect, it } from 'vitest';
import { deployMessages as m } from './deployments';
import { codeDeployMessages } from './code-deploy';
import {
  deployWizardDefaults,
  deployWizardMessages,
  deployWizardSchema,
  inlineDeployDefaults,
  inlineDeploySchema,
} from './deploy-wizard';

type Parse = {
  safeParse(v: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
};
const issues = (schema: Parse, value: unknown) =>
  Object.fromEntries(
    (schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

const ready = {
  ...deployWizardDefaults,
  app_type: 'saas',
  project_id: 'p1',
  environment_id: 'e1',
  template_type: 'wordpress',
  app_name: 'blog',
};

describe('deploy wizard schema', () => {
  it('accepts the SPEC §5 defaults once the steps are answered; blanks become absent', () => {
    const parsed = deployWizardSchema.safeParse(ready);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ cpu: 0.5, ram: 1, storage: 20, replicas: 1 });
    expect(parsed.data?.wordpress_password).toBeUndefined();
    expect(parsed.data?.wordpress_email).toBeUndefined();
  });

  it('says what each step still needs', () => {
    expect(
      issues(deployWizardSchema, {
        ...deployWizardDefaults,
        app_type: undefined,
        app_name: ' ',
      }),
    ).toMatchObject({
      app_type: deployWizardMessages.appTypeRequired,
      project_id: m.projectRequired,
      environment_id: m.environmentRequired,
      template_type: deployWizardMessages.templateRequired,
      app_name: m.nameRequired,
    });
  });

  it('applies the resource limits with SPEC §5 texts', () => {
    expect(
      issues(deployWizardSchema, { ...ready, cpu: 0.05, ram: 0.4, storage: 0, replicas: 0 }),
    ).toEqual({ cpu: m.cpuMin, ram: m.ramMin, storage: m.storageMin, replicas: m.replicasMin });
    expect(
      issues(deployWizardSchema, { ...ready, cpu: 8.1, ram: 16.5, storage: 101, replicas: 11 }),
    ).toEqual({ cpu: m.cpuMax, ram: m.ramMax, storage: m.storageMax, replicas: m.replicasMax });
    expect(
      issues(deployWizardSchema, { ...ready, cpu: NaN, ram: NaN, storage: NaN, replicas: NaN }),
    ).toEqual({
      cpu: m.cpuRequired,
      ram: m.ramRequired,
      storage: m.storageRequired,
      replicas: m.replicasRequired,
    });
  });

  it('checks given passwords, e-mail and domain only', () => {
    expect(
      issues(deployWizardSchema, {
        ...ready,
        wordpress_password: 'court',
        wordpress_email: 'pas-un-email',
        custom_domain: 'pas un domaine',
      }),
    ).toEqual({
      wordpress_password: m.passwordMin,
      wordpress_email: 'Adresse email invalide',
      custom_domain: m.domainInvalid,
    });
  });

  it('requires a repository for code, and a token when it is private', () => {
    expect(issues(deployWizardSchema, { ...ready, app_type: 'code' })).toEqual({
      repository_url: m.repositoryRequired,
    });
    expect(
      issues(deployWizardSchema, {
        ...ready,
        app_type: 'code',
        repository_url: 'https://git.exemple.sn/equipe/app',
        repository_type: 'private',
      }),
    ).toEqual({ git_token_id: m.tokenRequired });
  });
});

describe('deploy wizard schema, Code path (issue 13)', () => {
  const code = {
    ...ready,
    app_type: 'code',
    template_type: 'nodejs',
    repository_url: 'https://git.exemple.sn/equipe/app.git',
  };

  it('checks variable and build argument names, duplicates, the port and the branch', () => {
    expect(
      issues(deployWizardSchema, {
        ...code,
        branch: 'feature..x',
        port: 70000,
        env_vars: [
          { name: 'NODE_ENV', value: 'production', secret: false },
          { name: 'NODE_ENV', value: 'x', secret: false },
          { name: '2FA', value: '', secret: true },
        ],
        build_args: [{ key: 'API-URL', value: '/api' }],
      }),
    ).toEqual({
      branch: codeDeployMessages.branchInvalid,
      port: codeDeployMessages.portInvalid,
      'env_vars.1.name': codeDeployMessages.variableNameDuplicate,
      'env_vars.2.name': codeDeployMessages.variableNameInvalid,
      'build_args.0.key': codeDeployMessages.buildArgNameInvalid,
    });
  });

  it('reads an emptied port as "detected" and an empty branch as main', () => {
    const parsed = deployWizardSchema.safeParse({ ...code, port: NaN, branch: '' });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.port).toBeUndefined();
  });
});

describe('inline deploy schema', () => {
  const filled = {
    ...inlineDeployDefaults,
    nom: 'site',
    source: { ...inlineDeployDefaults.source, image_registry_url: 'wordpress' },
  };

  it("defaults the tag to 'latest' and accepts an ERP image", () => {
    expect(inlineDeployDefaults.source.image_tag).toBe('latest');
    expect(inlineDeploySchema.safeParse(filled).success).toBe(true);
  });

  it('uses the inline texts of SPEC §5', () => {
    expect(
      issues(inlineDeploySchema, {
        ...inlineDeployDefaults,
        source: { ...inlineDeployDefaults.source, image_tag: '' },
        cpu: 0,
        ram: 0.1,
        replicas: 0,
      }),
    ).toEqual({
      nom: m.nameRequired,
      cpu: m.cpuMin,
      ram: m.ramMin,
      replicas: m.replicasMinInline,
      'source.image_registry_url': m.imageRequired,
      'source.image_tag': m.tagRequired,
    });
  });

  it('CODE asks for a repository URL and a branch instead of an image (issue 13)', () => {
    const code = (source: Record<string, string>) => ({
      ...inlineDeployDefaults,
      nom: '',
      source: { ...inlineDeployDefaults.source, type_application: 'CODE', ...source },
    });
    expect(issues(inlineDeploySchema, code({ git_branch: '' }))).toEqual({
      nom: m.nameRequired,
      'source.repo_url': m.repositoryRequired,
      'source.git_branch': codeDeployMessages.branchRequired,
    });
    expect(
      issues(inlineDeploySchema, code({ repo_url: 'pas une url', git_branch: 'a b' })),
    ).toEqual({
      nom: m.nameRequired,
      'source.repo_url': m.repositoryRequired,
      'source.git_branch': codeDeployMessages.branchInvalid,
    });
    const ok = { ...code({ repo_url: 'https://git.exemple.sn/e/api.git' }), nom: 'api' };
    expect(inlineDeploySchema.safeParse(ok).success).toBe(true);
  });
});
