import type { InlineDeployData, InlineDeployValues } from '@nuage/shared/schemas/deploy-wizard';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  GitTokenField,
  ProjectTokensHint,
  RepositoryAccessField,
} from '@/components/repository-source/repository-source-fields';
import { gitTokensQuery } from '@/lib/git-tokens-query';

type InlineForm = UseFormReturn<InlineDeployValues, readonly string[], InlineDeployData>;

/**
 * CODE's repository access: public, or private with one of the project's Git tokens (SPEC §5
 * 'Token requis pour un dépôt privé'). Tokens are added on the project's page.
 */
export function InlineRepositoryAccess({
  form,
  projectId,
}: {
  form: InlineForm;
  projectId: string;
}) {
  const errors = form.formState.errors.source;
  const access = useWatch({ control: form.control, name: 'source.repository_type' });
  const isPrivate = access === 'private';
  const tokens = useQuery({ ...gitTokensQuery(projectId), enabled: isPrivate });
  const none = tokens.data?.length === 0;

  return (
    <>
      <RepositoryAccessField {...form.register('source.repository_type')} />
      {isPrivate && (
        <GitTokenField
          tokens={tokens.data}
          className="sm:col-span-2"
          error={errors?.git_token_id?.message}
          hint={<ProjectTokensHint projectId={projectId} pending={tokens.isPending} none={none} />}
          {...form.register('source.git_token_id')}
        />
      )}
    </>
  );
}
