import { zodResolver } from '@hookform/resolvers/zod';
import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import {
  createDatabaseSchema,
  type CreateDatabaseBody,
  type CreateDatabaseInput,
} from '@nuage/shared/schemas/databases';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { NumberInput, asNumber } from '@/components/ui/number-input';
import { notify } from '@/lib/toast';
import { useCreateDatabase } from '../api/create-database';
import { databaseEnginesQueryOptions } from '../api/databases-query';

/** « Nouvelle base de données »: engine, version, name and resources (the server's schema). */
export function CreateDatabaseForm({
  environmentId,
  onClose,
}: {
  environmentId: string;
  onClose(): void;
}) {
  const engines = useQuery(databaseEnginesQueryOptions());
  const create = useCreateDatabase();
  const form = useForm<CreateDatabaseBody, unknown, CreateDatabaseInput>({
    resolver: zodResolver(createDatabaseSchema),
    defaultValues: { nom: '', moteur: 'postgresql', cpu: 0.5, ram: 1, storage: 5 },
  });
  const { errors, isSubmitting } = form.formState;
  const moteur = useWatch({ control: form.control, name: 'moteur' });
  const engine = engines.data?.find((e) => e.id === moteur);
  const defaultVersion = engine?.versions[0];
  // Another engine: its default version, never the previous engine's.
  useEffect(() => form.setValue('version', defaultVersion), [form, defaultVersion]);

  const submit = form.handleSubmit(async (data) => {
    try {
      const created = await create.mutateAsync({ environmentId, data });
      notify.success(t.created(created.nom));
      onClose();
    } catch {
      // the API client has shown the error toast (a quota refusal included)
    }
  });

  return (
    <Card>
      <CardHeader title={t.create} description={t.internalOnly} />
      <CardBody>
        <form onSubmit={submit} noValidate aria-label={t.create} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={t.engine} error={errors.moteur?.message}>
              <Select {...form.register('moteur')}>
                {(engines.data ?? []).map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.libelle}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label={t.version} error={errors.version?.message}>
              <Select {...form.register('version')}>
                {(engine?.versions ?? []).map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label={t.name} error={errors.nom?.message}>
              <Input autoComplete="off" placeholder="clients" {...form.register('nom')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={t.cpu} error={errors.cpu?.message}>
              <NumberInput step={0.1} {...form.register('cpu', asNumber)} />
            </FormField>
            <FormField label={t.ram} error={errors.ram?.message}>
              <NumberInput step={0.1} {...form.register('ram', asNumber)} />
            </FormField>
            <FormField label={t.storage} error={errors.storage?.message}>
              <NumberInput step={1} {...form.register('storage', asNumber)} />
            </FormField>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={isSubmitting} loadingText="Création…">
              {t.createSubmit}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
