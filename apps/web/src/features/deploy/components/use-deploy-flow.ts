import { deploySuccess } from '@nuage/shared/messages';
import type { DeployErpInput } from '@nuage/shared/schemas/deployments';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { quotaErrorOf, type QuotaErrorDetail } from '@/components/quota/quota-error';
import { useDeployApplication } from '@/lib/deploy-application';
import { notify } from '@/lib/toast';
import { deployFailureMessage } from './deploy-error';

/** SPEC §9: the wizard leaves for the environment 2000 ms after a successful deploy. */
export const REDIRECT_AFTER_DEPLOY_MS = 2000;

export type DeployState = 'idle' | 'pending' | 'done';

/**
 * The deploy call and its outcomes (SPEC §4 button states, §8 messages): success toast then
 * the redirect; a quota refusal opens the quota modal; anything else is an error toast.
 */
export function useDeployFlow() {
  const navigate = useNavigate();
  const mutation = useDeployApplication({ awaitLists: false });
  const [state, setState] = useState<DeployState>('idle');
  const [quota, setQuota] = useState<QuotaErrorDetail | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const deploy = async (
    target: { environmentId: string; projectId: string },
    body: DeployErpInput,
  ) => {
    setState('pending');
    try {
      await mutation.mutateAsync({ ...target, body });
    } catch (err) {
      setState('idle');
      const quotaError = quotaErrorOf(err);
      if (quotaError) {
        setQuota(quotaError);
      } else {
        const message = deployFailureMessage(err);
        if (message) notify.error(message);
      }
      return;
    }
    setState('done');
    notify.success(deploySuccess.launched);
    timer.current = setTimeout(
      () => navigate(`/deployments/${target.environmentId}`),
      REDIRECT_AFTER_DEPLOY_MS,
    );
  };

  return { state, deploy, quota, closeQuota: () => setQuota(null) };
}
