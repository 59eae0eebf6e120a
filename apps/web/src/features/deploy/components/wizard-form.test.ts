import { deployWizardDefaults, type DeployWizardValues } from '@nuage/shared/schemas/deploy-wizard';
import { codeDeployMessages } from '@nuage/shared/schemas/code-deploy';
import { describe, expect, it } from 'vitest';
import { wizardResolver } from './wizard-form';

const resolve = (rows: Partial<DeployWizardValues>) =>
  wizardResolver(
    { ...deployWizardDefaults, app_type: 'code', ...rows } as DeployWizardValues,
    undefined,
    {
      fields: {},
      shouldUseNativeValidation: false,
    },
  );

describe('the wizard form’s list rows', () => {
  it('a row left blank is no error and is not sent', async () => {
    const result = await resolve({
      build_args: [{ key: '', value: '' }],
      env_vars: [{ name: '  ', value: '', secret: false }],
    });
    expect(result.errors.build_args).toBeUndefined();
    expect(result.errors.env_vars).toBeUndefined();
  });

  it('an invalid row after a blank one keeps its error at its own position on screen', async () => {
    const result = await resolve({
      build_args: [
        { key: '', value: '' },
        { key: 'API-URL', value: '/api' },
      ],
    });
    const rows = result.errors.build_args as unknown as (
      { key?: { message?: string } } | undefined
    )[];
    expect(rows[0]).toBeUndefined();
    expect(rows[1]?.key?.message).toBe(codeDeployMessages.buildArgNameInvalid);
  });

  it('a value without a name is still an error', async () => {
    const result = await resolve({ build_args: [{ key: '', value: 'x' }] });
    const rows = result.errors.build_args as unknown as (
      { key?: { message?: string } } | undefined
    )[];
    expect(rows[0]?.key?.message).toBeDefined();
  });
});
