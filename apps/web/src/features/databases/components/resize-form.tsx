import { zodResolver } from '@hookform/resolvers/zod';
import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import { resizeDatabaseSchema, type ResizeDatabaseInput } from '@nuage/shared/schemas/databases';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NumberInput, asNumber } from '@/components/ui/number-input';
import { notify } from '@/lib/toast';
import { useResizeDatabase } from '../api/resize-database';

/** « Redimensionner »: CPU and RAM within the quota; the storage can only grow (its data). */
export function ResizeForm({
  database: d,
  onClose,
}: {
  database: DatabaseResource;
  onClose(): void;
}) {
  const resize = useResizeDatabase();
  const form = useForm<ResizeDatabaseInput>({
    resolver: zodResolver(resizeDatabaseSchema),
    defaultValues: { cpu: d.cpu_requis, ram: d.ram_requise, storage: d.stockage_requis },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (data) => {
    try {
      await resize.mutateAsync({ id: d.id, data });
      notify.success(t.resizeDone);
      onClose();
    } catch {
      // the API client has shown the error toast (a quota refusal, a smaller storage)
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t.resize} className="space-y-3 pb-2">
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label={t.cpu} error={errors.cpu?.message}>
          <NumberInput step={0.1} {...form.register('cpu', asNumber)} />
        </FormField>
        <FormField label={t.ram} error={errors.ram?.message}>
          <NumberInput step={0.1} {...form.register('ram', asNumber)} />
        </FormField>
        <FormField label={t.storage} error={errors.storage?.message} hint={t.storageGrowsOnly}>
          <NumberInput step={1} min={d.stockage_requis} {...form.register('storage', asNumber)} />
        </FormField>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
          {t.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting} loadingText="Enregistrement…">
          {t.resizeSubmit}
        </Button>
      </div>
    </form>
  );
}
