import { zodResolver } from '@hookform/resolvers/zod';
import {
  deployWizardDefaults,
  deployWizardSchema,
  type DeployWizardData,
  type DeployWizardValues,
} from '@nuage/shared/schemas/deploy-wizard';
import { wizardCodeSourceSchema } from '@nuage/shared/schemas/code-deploy';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { errorsAtScreenRows, withoutBlankRows } from './blank-rows';

const zodWizard = zodResolver(deployWizardSchema);

/**
 * The shared schema, plus the Code path's repository rules run on their own: the schema's
 * object-level rules wait until every field parses, which would hide 'L'URL du dépôt est
 * requise' behind a missing name.
 */
export const wizardResolver: Resolver<DeployWizardValues, unknown, DeployWizardData> = async (
  values,
  context,
  options,
) => {
  const { values: checked, positions } = withoutBlankRows(values);
  const result = await zodWizard(checked, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const errors: FieldErrors<DeployWizardValues> = errorsAtScreenRows<DeployWizardValues>(
    result.errors,
    positions,
  );
  for (const issue of wizardCodeSourceSchema.safeParse(checked).error?.issues ?? []) {
    const field = issue.path[0] as keyof DeployWizardValues;
    errors[field] ??= { type: 'custom', message: issue.message };
  }
  return { values: {}, errors };
};

/** The wizard's one form (SPEC §3 fields), validated by the shared schema step by step. */
export function useWizardForm(preselected: { projectId: string; environmentId: string } | null) {
  return useForm({
    resolver: wizardResolver,
    mode: 'onTouched',
    defaultValues: {
      ...deployWizardDefaults,
      project_id: preselected?.projectId ?? '',
      environment_id: preselected?.environmentId ?? '',
    },
  });
}

export type WizardForm = ReturnType<typeof useWizardForm>;
