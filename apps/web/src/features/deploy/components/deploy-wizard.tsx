import type { Environment } from '@nuage/shared/api-types';
import { deployErrors } from '@nuage/shared/messages';
import type { PricingPreset } from '@nuage/shared/pricing-types';
import { deployLimits } from '@nuage/shared/schemas/deployments';
import { wizardStepFields } from '@nuage/shared/schemas/deploy-wizard';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { QuotaExceededModal } from '@/components/quota/quota-exceeded-modal';
import { notify } from '@/lib/toast';
import { environmentsQueryOptions } from '../api/get-environments';
import { projectsQueryOptions } from '@/lib/project-query';
import { gitTokensQuery } from '@/lib/git-tokens-query';
import { templatesQueryOptions } from '../api/get-templates';
import { codeDeployBody } from './code-deploy-body';
import { ConfirmDeployModal } from './confirm-deploy-modal';
import { deployBody } from './deploy-body';
import { canDeployIn } from './deploy-permission';
import { StepPanel } from './step-panel';
import type { DeploySummary } from './step-review';
import { useCodeDeploy } from './use-code-deploy';
import { useDeployFlow } from './use-deploy-flow';
import { usePriceEstimate } from './use-price-estimate';
import { useWizardNavigation } from './use-wizard-navigation';
import { WizardFooter } from './wizard-footer';
import { useWizardForm } from './wizard-form';
import { WizardNotices } from './wizard-notices';
import { WizardStepper } from './wizard-stepper';

const watched = [
  'app_type',
  'project_id',
  'environment_id',
  'template_type',
  'app_name',
  'cpu',
  'ram',
  'storage',
  'replicas',
  'git_token_id',
] as const;

/** The five-step deploy wizard of SPEC §2 (one form; each step checks its own fields). */
export function DeployWizard({
  requestedEnvironmentId,
  preselected,
}: {
  /** ?environmentId= as given (Back on step 1 returns there). */
  requestedEnvironmentId: string | null;
  /** That environment, when it was found: it and its project are preselected. */
  preselected: Environment | null;
}) {
  const form = useWizardForm(
    preselected ? { projectId: preselected.projet_id, environmentId: preselected.id } : null,
  );
  const nav = useWizardNavigation({ requestedEnvironmentId, preselected: preselected !== null });
  const step = nav.step;
  const [
    appType,
    projectId,
    environmentId,
    templateId,
    appName,
    cpu,
    ram,
    storage,
    replicas,
    tokenId,
  ] = useWatch({ control: form.control, name: watched });
  const isCode = appType === 'code';
  const projects = useQuery(projectsQueryOptions());
  const catalog = useQuery(templatesQueryOptions());
  const environments = useQuery({ ...environmentsQueryOptions(projectId), enabled: !!projectId });
  const [preset, setPreset] = useState<PricingPreset | null>(null);
  const config = { cpu, ram, storage, replicas };
  const estimate = usePriceEstimate(config, { enabled: step >= 4 && preset === null });
  const flow = useDeployFlow();
  const codeFlow = useCodeDeploy(form, () => nav.goTo(4));
  const tokens = useQuery({ ...gitTokensQuery(projectId), enabled: isCode && !!tokenId });
  const [confirming, setConfirming] = useState(false);

  const project = projects.data?.find((p) => p.id === projectId);
  const environment =
    environments.data?.find((e) => e.id === environmentId) ??
    (preselected?.id === environmentId ? preselected : undefined);
  const template = isCode
    ? undefined
    : catalog.data?.saas.find((t) => t.id === templateId && t.available);
  const codeTemplate = isCode
    ? catalog.data?.code.find((t) => t.id === templateId && t.available)
    : undefined;
  const allowed = !project || canDeployIn(project);
  const canContinue = {
    1: appType === 'saas' || appType === 'code',
    2: Boolean(projectId && environmentId) && allowed,
    3: (isCode ? codeTemplate : template) !== undefined,
    4: typeof appName === 'string' && appName.trim() !== '',
    5: false,
  }[step];

  const monthly = preset ? preset.pricing.monthly_price : (estimate.data?.monthly_xof ?? null);
  const summary: DeploySummary | null = template
    ? {
        projectName: project?.nom ?? '—',
        environmentName: environment?.nom ?? '—',
        template,
        values: form.getValues(),
        monthly,
      }
    : null;

  const codeSummary = codeTemplate
    ? {
        projectName: project?.nom ?? '—',
        environmentName: environment?.nom ?? '—',
        template: codeTemplate,
        values: form.getValues(),
        tokenName: tokens.data?.find((t) => t.id === tokenId)?.nom ?? null,
        monthly,
      }
    : null;

  // SPEC §9: each template brings its own resources (Odoo 1 vCPU / 2 GB, WordPress 0.5 / 0.5).
  const pickTemplate = (id: string) => {
    form.setValue('template_type', id, { shouldValidate: true });
    setPreset(null);
    if (isCode) {
      // No storage of its own: the estimate counts the least (the image).
      form.setValue('storage', deployLimits.storage.min);
      return;
    }
    const defaults = catalog.data?.saas.find((t) => t.id === id)?.default_resources;
    if (!defaults) return;
    form.setValue('cpu', defaults.cpu);
    form.setValue('ram', defaults.ram);
    form.setValue('storage', defaults.storage);
  };
  const pickPreset = (p: PricingPreset) => {
    setPreset(p);
    const opts = { shouldValidate: true, shouldDirty: true } as const;
    form.setValue('cpu', p.resources.cpu, opts);
    form.setValue('ram', p.resources.ram, opts);
    form.setValue('storage', p.resources.storage, opts);
  };

  const requestDeploy = () => {
    if (!environmentId || !(template ?? codeTemplate)) {
      notify.error(deployErrors.selectEnvAndTemplate);
      return;
    }
    void form.handleSubmit(() => setConfirming(true))();
  };
  const confirm = form.handleSubmit(async (data) => {
    setConfirming(false);
    const target = { environmentId: data.environment_id, projectId: data.project_id };
    if (codeTemplate) {
      await codeFlow.deploy(target, codeDeployBody(data, codeTemplate.id));
      return;
    }
    if (!template) {
      notify.error(deployErrors.selectEnvAndTemplate);
      return;
    }
    await flow.deploy(target, deployBody(data, template));
  });

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (step === 5) return requestDeploy();
    if (!canContinue) return;
    if (step === 4 && !(await form.trigger([...wizardStepFields[4]], { shouldFocus: true }))) {
      return;
    }
    nav.next();
  };

  return (
    <>
      <WizardStepper step={step} />
      <WizardNotices
        preselectionMissing={requestedEnvironmentId !== null && preselected === null}
        forbiddenProject={project && !allowed ? project : null}
      />
      <form onSubmit={onSubmit} noValidate aria-label="Nouveau déploiement">
        <StepPanel
          step={step}
          form={form}
          projects={projects}
          catalog={catalog}
          template={template}
          onSelectTemplate={pickTemplate}
          config={config}
          estimate={estimate}
          preset={preset}
          onPickPreset={pickPreset}
          onCustom={() => setPreset(null)}
          summary={summary}
          code={
            isCode
              ? {
                  template: codeTemplate,
                  summary: codeSummary,
                  repositoryProblem: codeFlow.repositoryProblem,
                  result: codeFlow.result,
                }
              : null
          }
        />
        <WizardFooter
          step={step}
          canContinue={canContinue}
          canDeploy={allowed && (summary ?? codeSummary) !== null}
          deployState={isCode ? codeFlow.state : flow.state}
          onBack={nav.back}
        />
      </form>
      <ConfirmDeployModal
        open={confirming}
        summary={summary ?? codeSummary}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      />
      <QuotaExceededModal detail={flow.quota} onClose={flow.closeQuota} />
      <QuotaExceededModal detail={codeFlow.quota} onClose={codeFlow.closeQuota} />
    </>
  );
}
