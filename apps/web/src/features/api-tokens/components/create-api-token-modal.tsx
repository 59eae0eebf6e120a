import { zodResolver } from '@hookform/resolvers/zod';
import { apiTokenLimits } from '@nuage/shared/account-limits';
import { createApiTokenSchema, type CreateApiTokenInput } from '@nuage/shared/schemas/api-tokens';
import { useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';
import { projectsQueryOptions } from '@/lib/project-query';
import { notify } from '@/lib/toast';
import { useCreateApiToken } from '../api/create-api-token';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900';

/** Name, scope, optional project and expiry; then the token, shown this once. */
export function CreateApiTokenModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const create = useCreateApiToken();
  const projects = useQuery({ ...projectsQueryOptions(), enabled: open });
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<CreateApiTokenInput>({
    resolver: zodResolver(createApiTokenSchema),
    defaultValues: { nom: '', portee: 'lecture', projet_id: undefined, expire_dans_jours: 30 },
  });
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (next || create.isPending) return;
    setSecret(null);
    form.reset();
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      setSecret((await create.mutateAsync(input)).token);
    } catch {
      // The API client has shown why.
    }
  });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret!);
      notify.success('Jeton copié.');
    } catch {
      notify.error('Copie impossible : sélectionnez le jeton et copiez-le.');
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Nouveau jeton d’API"
      footer={
        secret ? <Button onClick={() => close(false)}>J’ai copié le jeton</Button> : undefined
      }
    >
      {secret ? (
        <div className="space-y-3">
          <Notice tone="warning">
            Copiez ce jeton maintenant : il ne sera plus jamais affiché.
          </Notice>
          <code
            data-testid="api-token-secret"
            className="block rounded-lg bg-slate-100 p-3 font-mono text-sm break-all dark:bg-slate-800"
          >
            {secret}
          </code>
          <Button variant="outline" size="sm" onClick={() => void copy()}>
            <Copy className="size-4" aria-hidden="true" /> Copier
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Nouveau jeton">
          <FormField
            label="Nom"
            error={errors.nom?.message}
            hint="Par exemple : « Déploiement CI »"
          >
            <Input maxLength={apiTokenLimits.nameMax} {...form.register('nom')} />
          </FormField>
          <FormField label="Portée" error={errors.portee?.message}>
            <select className={selectClass} {...form.register('portee')}>
              <option value="lecture">Lecture seule</option>
              <option value="complet">Accès complet</option>
            </select>
          </FormField>
          <FormField label="Projet" error={errors.projet_id?.message}>
            <Controller
              control={form.control}
              name="projet_id"
              render={({ field }) => (
                <select
                  className={selectClass}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value || undefined)}
                >
                  <option value="">Tous mes projets</option>
                  {(projects.data ?? []).map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.nom}
                    </option>
                  ))}
                </select>
              )}
            />
          </FormField>
          <FormField label="Validité" error={errors.expire_dans_jours?.message}>
            <Controller
              control={form.control}
              name="expire_dans_jours"
              render={({ field }) => (
                <select
                  className={selectClass}
                  value={field.value}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                >
                  {apiTokenLimits.expiryDays.map((d) => (
                    <option key={d} value={d}>
                      {d === 365 ? '1 an' : `${d} jours`}
                    </option>
                  ))}
                </select>
              )}
            />
          </FormField>
          <Button
            type="submit"
            className="w-full"
            loading={create.isPending}
            loadingText="Création..."
          >
            Créer le jeton
          </Button>
        </form>
      )}
    </Modal>
  );
}
