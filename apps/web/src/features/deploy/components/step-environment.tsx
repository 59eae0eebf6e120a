import type { Project } from '@nuage/shared/api-types';
import { roleLabels } from '@nuage/shared/roles';
import { environmentTypeLabels } from '@nuage/shared/schemas/environments';
import { deployMessages } from '@nuage/shared/schemas/deployments';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { environmentsQueryOptions } from '../api/get-environments';
import { canDeployIn } from './deploy-permission';
import type { WizardForm } from './wizard-form';

/**
 * Step 2: a project, then one of its environments. The environment field waits for a project;
 * changing the project empties it and loads that project's environments (SPEC §2).
 */
export function StepEnvironment({ form, projects }: { form: WizardForm; projects: Project[] }) {
  const projectId = useWatch({ control: form.control, name: 'project_id' });
  const environments = useQuery({ ...environmentsQueryOptions(projectId), enabled: !!projectId });
  const { errors } = form.formState;
  const envOptions = environments.data ?? [];

  return (
    <fieldset className="space-y-5">
      <legend className="mb-4 text-lg font-semibold">Où déployer l'application ?</legend>
      <div className="grid gap-4 md:grid-cols-2">
        <Controller
          control={form.control}
          name="project_id"
          render={({ field }) => (
            <FormField label="Projet" error={errors.project_id?.message}>
              <Select
                {...field}
                onChange={(e) => {
                  field.onChange(e.target.value);
                  form.setValue('environment_id', '');
                }}
              >
                <option value="">{deployMessages.projectRequired}</option>
                {projects.map((p) => (
                  <option key={p.id} value={p.id} disabled={!canDeployIn(p)}>
                    {canDeployIn(p)
                      ? p.nom
                      : `${p.nom} (${roleLabels[p.role_projet]}, lecture seule)`}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="environment_id"
          render={({ field }) => (
            <FormField
              label="Environnement"
              error={errors.environment_id?.message}
              hint={!projectId ? "Choisissez d'abord un projet." : undefined}
            >
              <Select {...field} disabled={!projectId || environments.isPending}>
                <option value="">
                  {projectId && environments.isPending
                    ? 'Chargement des environnements…'
                    : deployMessages.environmentRequired}
                </option>
                {envOptions.map((env) => (
                  <option key={env.id} value={env.id}>
                    {env.nom} ({environmentTypeLabels[env.type]})
                  </option>
                ))}
              </Select>
            </FormField>
          )}
        />
      </div>
      {projectId && environments.isSuccess && envOptions.length === 0 && (
        <Notice tone="info" title="Ce projet n'a pas encore d'environnement.">
          <Link
            to={`/environments/${projectId}`}
            className="font-medium underline underline-offset-2"
          >
            Créer un environnement
          </Link>
        </Notice>
      )}
      {projects.length === 0 && (
        <Notice tone="info" title="Vous n'avez encore aucun projet.">
          <Link to="/projects" className="font-medium underline underline-offset-2">
            Créer un projet
          </Link>
        </Notice>
      )}
    </fieldset>
  );
}
