import { codeTemplates } from '@nuage/shared/catalog';
import type { InlineDeployData, InlineDeployValues } from '@nuage/shared/schemas/deploy-wizard';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  BranchField,
  RepositoryUrlField,
} from '@/components/repository-source/repository-source-fields';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { InlineImageFields } from './inline-image-fields';
import { InlineRepositoryAccess } from './inline-repository-access';

type InlineForm = UseFormReturn<InlineDeployValues, readonly string[], InlineDeployData>;

/**
 * The type, then what it needs: ERP an official image and tag; CODE a Git repository; IMAGE
 * any container image (issue 30).
 */
export function InlineSourceFields({ form, projectId }: { form: InlineForm; projectId: string }) {
  const errors = form.formState.errors.source;
  const type = useWatch({ control: form.control, name: 'source.type_application' });
  return (
    <>
      <FormField label="Type" error={errors?.type_application?.message}>
        <Select {...form.register('source.type_application')}>
          <option value="ERP">ERP (application prête à l'emploi)</option>
          <option value="CODE">CODE (votre dépôt Git)</option>
          <option value="IMAGE">IMAGE (n'importe quelle image de conteneur)</option>
        </Select>
      </FormField>
      {type === 'IMAGE' ? (
        <InlineImageFields form={form} projectId={projectId} />
      ) : type === 'CODE' ? (
        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <RepositoryUrlField
            error={errors?.repo_url?.message}
            {...form.register('source.repo_url')}
          />
          <BranchField
            error={errors?.git_branch?.message}
            {...form.register('source.git_branch')}
          />
          <FormField label="Langage" error={errors?.code_runtime?.message}>
            <Select {...form.register('source.code_runtime')}>
              {codeTemplates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </Select>
          </FormField>
          <InlineRepositoryAccess form={form} projectId={projectId} />
        </div>
      ) : (
        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <FormField
            label="Image Docker"
            error={errors?.image_registry_url?.message}
            hint="Images officielles du catalogue : wordpress, odoo, joomla, drupal, nextcloud, matomo. Pour votre propre application, choisissez le type CODE ou IMAGE."
          >
            <Input
              autoComplete="off"
              placeholder="docker.io/library/wordpress"
              {...form.register('source.image_registry_url')}
            />
          </FormField>
          <FormField label="Tag" error={errors?.image_tag?.message}>
            <Input autoComplete="off" {...form.register('source.image_tag')} />
          </FormField>
        </div>
      )}
    </>
  );
}
