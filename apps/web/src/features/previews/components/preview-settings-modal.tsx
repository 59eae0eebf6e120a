import { previewWebTexts as t } from '@nuage/shared/messages/previews';
import { MAX_ENV_VARS } from '@nuage/shared/schemas/code';
import { deployLimits } from '@nuage/shared/schemas/deployments';
import {
  previewDatabaseModes,
  previewLimits,
  type PreviewDatabaseMode,
} from '@nuage/shared/schemas/previews';
import type { PreviewSettingsView } from '@nuage/shared/schemas/responses/previews';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { ModalFormActions } from '@/components/ui/modal-form-actions';
import { Notice } from '@/components/ui/notice';
import { NumberInput } from '@/components/ui/number-input';
import { ApiError } from '@/lib/api-client';
import { gitTokensQuery } from '@/lib/git-tokens-query';
import { notify } from '@/lib/toast';
import { useUpdatePreviewSettings } from '../api/update-preview-settings';
import { EnableSwitch } from './enable-switch';
import {
  bodyOf,
  draftOf,
  placeIssues,
  type SettingsDraft,
  type SettingsErrors,
} from './preview-settings-form';
import { PreviewVariablesFields } from './preview-variables-fields';

const FORM_ID = 'preview-settings-form';

/**
 * « Configurer » (project admins): on/off, each preview's size, when a closed one is deleted,
 * its variables, the Git host's API and the token of the status reports.
 * Mounted only while open: each opening starts from the settings as they are now.
 */
export function PreviewSettingsModal({
  deploymentId,
  projectId,
  settings,
  onClose,
}: {
  deploymentId: string;
  projectId: string;
  settings: PreviewSettingsView;
  onClose(): void;
}) {
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const save = useUpdatePreviewSettings(deploymentId);
  const tokens = useQuery(gitTokensQuery(projectId));
  const set = (patch: Partial<SettingsDraft>) => setDraft((now) => ({ ...now, ...patch }));
  const close = () => !save.isPending && onClose();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = bodyOf(draft);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      await save.mutateAsync(checked.body);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 401) return;
      const placed = placeIssues(err.issues.map((i) => ({ path: i.loc, message: i.msg })));
      setErrors(Object.keys(placed).length > 0 ? placed : { form: err.message || t.saveFailed });
      return;
    }
    notify.success(t.saved);
    onClose();
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      size="lg"
      title={t.formTitle}
      description={t.formDescription}
      footer={<ModalFormActions formId={FORM_ID} submitting={save.isPending} onCancel={close} />}
    >
      <form
        id={FORM_ID}
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label={t.formTitle}
        className="space-y-4"
      >
        {errors.form && <Notice tone="error">{errors.form}</Notice>}
        <EnableSwitch label={t.enable} checked={draft.actif} onChange={(actif) => set({ actif })} />
        <Notice>{t.webhookHint}</Notice>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t.cpuLabel} error={errors.cpu}>
            <NumberInput
              step={0.05}
              min={deployLimits.cpu.min}
              max={deployLimits.cpu.max}
              value={draft.cpu}
              onChange={(e) => set({ cpu: e.target.value })}
            />
          </FormField>
          <FormField label={t.ramLabel} error={errors.ram}>
            <NumberInput
              step={0.1}
              min={deployLimits.ram.min}
              max={deployLimits.ram.max}
              value={draft.ram}
              onChange={(e) => set({ ram: e.target.value })}
            />
          </FormField>
        </div>
        <FormField
          label={t.deletionDelayLabel}
          error={errors.delai_suppression_minutes}
          hint={t.deletionDelayHint}
        >
          <NumberInput
            className="max-w-40"
            min={0}
            max={previewLimits.maxDeleteDelayMinutes}
            value={draft.delay}
            onChange={(e) => set({ delay: e.target.value })}
          />
        </FormField>
        <FormField label={t.idleLabel} error={errors.arret_inactivite_heures} hint={t.idleHint}>
          <NumberInput
            className="max-w-40"
            min={previewLimits.minIdleHours}
            max={previewLimits.maxIdleHours}
            value={draft.idle}
            onChange={(e) => set({ idle: e.target.value })}
          />
        </FormField>
        <FormField label={t.databasesLabel} error={errors.bases_de_donnees} hint={t.databasesHint}>
          <Select
            value={draft.databases}
            onChange={(e) => set({ databases: e.target.value as PreviewDatabaseMode })}
          >
            {previewDatabaseModes.map((mode) => (
              <option key={mode} value={mode}>
                {t.databaseModes[mode]}
              </option>
            ))}
          </Select>
        </FormField>
        <PreviewVariablesFields
          rows={draft.variables}
          errors={errors}
          canAdd={draft.variables.length < MAX_ENV_VARS}
          onChange={(variables) => set({ variables })}
        />
        <FormField label={t.apiUrlLabel} error={errors.api_url} hint={t.apiUrlHint}>
          <Input
            type="url"
            autoComplete="off"
            spellCheck={false}
            value={draft.api_url}
            onChange={(e) => set({ api_url: e.target.value })}
          />
        </FormField>
        <FormField
          label={t.statusTokenLabel}
          error={errors.jeton_statut_id}
          hint={t.statusTokenHint}
        >
          <Select
            value={draft.jeton_statut_id}
            onChange={(e) => set({ jeton_statut_id: e.target.value })}
          >
            <option value="">{t.statusTokenDefault}</option>
            {tokens.data?.map((token) => (
              <option key={token.id} value={token.id}>
                {token.nom}
              </option>
            ))}
          </Select>
        </FormField>
      </form>
    </Modal>
  );
}
