import { Notice } from '@/components/ui/notice';
import { BuildFields } from './build-fields';
import { ConfigSection } from './config-section';
import { ConfigurationLayout } from './configuration-layout';
import type { CostPanelProps } from './cost-panel';
import { EnvVarsFields } from './env-vars-fields';
import { RepositoryFields } from './repository-fields';
import { ResourceFields } from './resource-fields';
import type { WizardForm } from './wizard-form';

/** Step 4 of the Code path: repository, build, variables, resources, domain, and the cost. */
export function StepCodeConfiguration({
  form,
  templateName,
  repositoryProblem,
  cost,
}: {
  form: WizardForm;
  templateName: string;
  /** The server's refusal of the repository (unreachable, wrong token, missing branch). */
  repositoryProblem: string | null;
  cost: CostPanelProps;
}) {
  return (
    <ConfigurationLayout form={form} namePlaceholder="mon-api" cost={cost}>
      <ConfigSection
        title="Dépôt Git"
        description={`Le code ${templateName} est cloné puis construit en image ; un Dockerfile à la racine est utilisé s'il existe.`}
      >
        {repositoryProblem && (
          <div role="alert">
            <Notice tone="error">{repositoryProblem}</Notice>
          </div>
        )}
        <RepositoryFields form={form} />
      </ConfigSection>
      <ConfigSection title="Build">
        <BuildFields form={form} />
      </ConfigSection>
      <ConfigSection
        title="Variables d'environnement"
        description="Les valeurs secrètes sont chiffrées et ne sont plus jamais affichées."
      >
        <EnvVarsFields form={form} />
      </ConfigSection>
      <ConfigSection title="Ressources">
        <ResourceFields form={form} withStorage={false} />
      </ConfigSection>
    </ConfigurationLayout>
  );
}
