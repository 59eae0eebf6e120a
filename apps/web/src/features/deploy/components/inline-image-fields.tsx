import type { InlineDeployData, InlineDeployValues } from '@nuage/shared/schemas/deploy-wizard';
import { imageWatchTexts } from '@nuage/shared/messages/images';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { EnvVarRow } from '@/components/env-vars/env-var-row';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { registryCredentialsQuery } from '@/lib/registry-credentials';
import { useFormRows } from '@/lib/use-form-rows';

type InlineForm = UseFormReturn<InlineDeployValues, readonly string[], InlineDeployData>;

/**
 * IMAGE (issue 30): any container image, its port, an optional command and HTTP check, the
 * project's registry credentials for a private image, and its variables (secret ones stored
 * encrypted). Nothing here asks for a privilege, a host path or the host's network.
 */
export function InlineImageFields({ form, projectId }: { form: InlineForm; projectId: string }) {
  const errors = form.formState.errors.source;
  const credentials = useQuery(registryCredentialsQuery(projectId));
  const { fields, append, remove } = useFormRows(form, 'source.env_vars');
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <FormField
        label="Image"
        error={errors?.image?.message}
        hint="Registre, nom et étiquette : ghcr.io/acme/api:1.4, nginx:1.27 (sans étiquette : latest)."
      >
        <Input
          autoComplete="off"
          spellCheck={false}
          placeholder="ghcr.io/acme/api:1.4"
          {...form.register('source.image')}
        />
      </FormField>
      <FormField
        label="Port du conteneur"
        error={errors?.port?.message}
        hint="Celui sur lequel l'image écoute."
      >
        <Input inputMode="numeric" autoComplete="off" {...form.register('source.port')} />
      </FormField>
      <FormField
        label="Commande (optionnelle)"
        error={errors?.commande?.message}
        hint="Remplace la commande de l'image ; des guillemets gardent les espaces d'un argument."
      >
        <Input
          autoComplete="off"
          spellCheck={false}
          placeholder="gunicorn -b 0.0.0.0:8080 app:app"
          {...form.register('source.commande')}
        />
      </FormField>
      <FormField
        label="Vérification HTTP (optionnelle)"
        error={errors?.chemin_sante?.message}
        hint="Un chemin qui répond 200 quand l'application est prête."
      >
        <Input
          autoComplete="off"
          spellCheck={false}
          placeholder="/healthz"
          {...form.register('source.chemin_sante')}
        />
      </FormField>
      <FormField
        className="sm:col-span-2"
        label="Identifiants du registre"
        error={errors?.registry_credential_id?.message}
        hint="Pour une image privée : les administrateurs du projet les ajoutent dans les paramètres du projet."
      >
        <Select {...form.register('source.registry_credential_id')}>
          <option value="">Aucun (image publique)</option>
          {(credentials.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.utilisateur} @ {c.registre}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="flex items-start gap-3 sm:col-span-2">
        <input
          id="inline-image-watch"
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-blue-600"
          aria-describedby="inline-image-watch-hint"
          {...form.register('source.redeploiement_auto')}
        />
        <div className="min-w-0 space-y-0.5">
          <label
            htmlFor="inline-image-watch"
            className="block text-sm font-medium text-slate-700 dark:text-slate-300"
          >
            {imageWatchTexts.optionLabel}
          </label>
          <p id="inline-image-watch-hint" className="text-xs text-slate-500 dark:text-slate-400">
            {imageWatchTexts.optionHelp}
          </p>
        </div>
      </div>
      <fieldset className="space-y-3 sm:col-span-2">
        <legend className="text-sm font-medium">Variables d'environnement</legend>
        <ul className="space-y-3" aria-label="Variables d'environnement">
          {fields.map((field, i) => (
            <EnvVarRow
              key={field.id}
              index={i}
              secret={Boolean(form.watch(`source.env_vars.${i}.secret`))}
              nameInput={{ placeholder: 'API_KEY', ...form.register(`source.env_vars.${i}.name`) }}
              valueInput={form.register(`source.env_vars.${i}.value`)}
              secretInput={form.register(`source.env_vars.${i}.secret`)}
              nameError={errors?.env_vars?.[i]?.name?.message}
              removeLabel={`Supprimer la variable ${i + 1}`}
              onRemove={() => remove(i)}
            />
          ))}
        </ul>
        <Button
          variant="outline"
          size="sm"
          onClick={() => append({ name: '', value: '', secret: false })}
        >
          <Plus className="size-4" aria-hidden="true" /> Ajouter une variable
        </Button>
      </fieldset>
    </div>
  );
}
