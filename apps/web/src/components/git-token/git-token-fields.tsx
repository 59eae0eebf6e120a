import type { KeyboardEventHandler } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { GitTokenForm } from './use-git-token-form';

/** The token's name and its value (a password field: once saved it is never shown again). */
export function GitTokenFields({
  form,
  onKeyDown,
}: {
  form: GitTokenForm;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
}) {
  return (
    <>
      <FormField
        label="Nom du token"
        error={form.errors.nom}
        hint="Par exemple : GitHub de l'équipe"
      >
        <Input
          autoComplete="off"
          value={form.nom}
          onChange={(e) => form.setNom(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </FormField>
      <FormField
        label="Token d'accès"
        error={form.errors.token}
        hint="Lecture seule sur le dépôt suffit. Il est chiffré et ne sera plus jamais affiché."
      >
        <Input
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={form.token}
          onChange={(e) => form.setToken(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </FormField>
    </>
  );
}
