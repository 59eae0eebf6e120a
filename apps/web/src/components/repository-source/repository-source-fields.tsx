import type { GitTokenSummary } from '@nuage/shared/build-types';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, type InputProps } from '@/components/ui/input';

/**
 * The Git source's fields as every form that takes one asks for them (the wizard, the inline
 * CODE form, the source edit modal): the same labels, hints and browser hints everywhere.
 */
export function RepositoryUrlField({ error, ...input }: InputProps & { error?: string }) {
  return (
    <FormField
      label="URL du dépôt"
      error={error}
      hint="HTTPS, par exemple https://github.com/mon-equipe/mon-app.git"
    >
      <Input
        autoComplete="off"
        spellCheck={false}
        placeholder="https://github.com/mon-equipe/mon-app.git"
        {...input}
      />
    </FormField>
  );
}

export function BranchField({
  error,
  hint,
  ...input
}: InputProps & { error?: string; hint?: ReactNode }) {
  return (
    <FormField label="Branche" error={error} hint={hint}>
      <Input autoComplete="off" spellCheck={false} {...input} />
    </FormField>
  );
}

type SelectProps = ComponentProps<typeof Select>;

/** One of the project's Git tokens, by name (a token's value is never shown again). */
export function GitTokenField({
  tokens,
  error,
  hint,
  className,
  ...select
}: SelectProps & {
  tokens: GitTokenSummary[] | undefined;
  error?: string;
  hint: ReactNode;
}) {
  return (
    <FormField label="Token Git" error={error} hint={hint} className={className}>
      <Select {...select}>
        <option value="">Choisir un token…</option>
        {tokens?.map((t) => (
          <option key={t.id} value={t.id}>
            {t.nom}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/** Public, or private through one of the project's tokens (values `public` / `private`). */
export function RepositoryAccessField(select: SelectProps) {
  return (
    <FormField label="Accès au dépôt">
      <Select {...select}>
        <option value="public">Public</option>
        <option value="private">Privé (token Git du projet)</option>
      </Select>
    </FormField>
  );
}

/**
 * Under the token choice of the forms that cannot add one themselves: where tokens are managed
 * (the project's page), or that none exists yet.
 */
export function ProjectTokensHint({
  projectId,
  pending,
  none,
}: {
  projectId: string;
  pending: boolean;
  none: boolean;
}) {
  if (pending) return <>Chargement des tokens du projet…</>;
  return (
    <>
      {none ? 'Aucun token dans ce projet : ' : 'Les tokens du projet, par leur nom. '}
      {/* Underlined: told apart from the hint's text by more than its colour (WCAG 1.4.1). */}
      <Link to={`/projects/${projectId}`} className="text-blue-600 underline dark:text-blue-400">
        {none ? 'ajoutez-en un sur la page du projet' : 'Gérer les tokens'}
      </Link>
      .
    </>
  );
}
