import { deploySuccess } from '@nuage/shared/messages';
import { deployMessages } from '@nuage/shared/schemas/deployments';
import { useState } from 'react';
import { quotaErrorOf, type QuotaErrorDetail } from '@/components/quota/quota-error';
import { ApiError, messageFromDetail } from '@/lib/api-client';
import type { DeployCodeBody } from '@nuage/shared/schemas/deployments';
import { useDeployCode } from '@/lib/deploy-code';
import { notify } from '@/lib/toast';
import { placeIssues } from './code-deploy-issues';
import { deployFailureMessage } from './deploy-error';
import type { DeployState } from './use-deploy-flow';
import type { WizardForm } from './wizard-form';

/**
 * The Code path's deploy call. Success keeps the wizard on its last step, which then follows
 * the first build. A refusal of the input (422: URL, token, branch, unreachable repository)
 * goes back to step 4 with each message at its field, the others above the repository; a
 * quota refusal opens the quota modal.
 */
export function useCodeDeploy(form: WizardForm, backToConfiguration: () => void) {
  const mutation = useDeployCode({ awaitLists: false });
  const [state, setState] = useState<DeployState>('idle');
  const [result, setResult] = useState<{ deploymentId: string; buildId: string } | null>(null);
  const [repositoryProblem, setRepositoryProblem] = useState<string | null>(null);
  const [quota, setQuota] = useState<QuotaErrorDetail | null>(null);

  const refuse = (err: ApiError) => {
    const { placed, other } = placeIssues(err.issues);
    if (err.status === 409 && err.detail === deployMessages.nameTaken) {
      placed.push({ path: 'app_name', message: deployMessages.nameTaken });
    } else if (placed.length === 0 && other.length === 0) {
      other.push(messageFromDetail(err.detail, err.message));
    }
    setRepositoryProblem(other.length ? other.join(' ') : null);
    backToConfiguration();
    for (const issue of placed) {
      // The paths come from the server's loc, mapped to this form's own fields.
      form.setError(issue.path as 'app_name', { type: 'server', message: issue.message });
    }
  };

  const deploy = async (
    target: { environmentId: string; projectId: string },
    body: DeployCodeBody,
  ) => {
    setState('pending');
    setRepositoryProblem(null);
    try {
      const app = await mutation.mutateAsync({ ...target, body });
      setResult({ deploymentId: app.id, buildId: app.build_id });
    } catch (err) {
      setState('idle');
      const quotaError = quotaErrorOf(err);
      if (quotaError) return setQuota(quotaError);
      if (err instanceof ApiError && (err.status === 422 || err.status === 409)) return refuse(err);
      const message = deployFailureMessage(err);
      if (message) notify.error(message);
      return;
    }
    setState('done');
    notify.success(deploySuccess.launched);
  };

  return { state, deploy, result, repositoryProblem, quota, closeQuota: () => setQuota(null) };
}
