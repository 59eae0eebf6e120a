import { zodResolver } from '@hookform/resolvers/zod';
import { deployWizardDefaults, deployWizardSchema } from '@nuage/shared/schemas/deploy-wizard';
import { useForm } from 'react-hook-form';

/** The wizard's one form (SPEC §3 fields), validated by the shared schema step by step. */
export function useWizardForm(preselected: { projectId: string; environmentId: string } | null) {
  return useForm({
    resolver: zodResolver(deployWizardSchema),
    mode: 'onTouched',
    defaultValues: {
      ...deployWizardDefaults,
      project_id: preselected?.projectId ?? '',
      environment_id: preselected?.environmentId ?? '',
    },
  });
}

export type WizardForm = ReturnType<typeof useWizardForm>;
