import { channelKindLabels } from '@nuage/shared/messages/notifications';
import {
  channelKinds,
  choosableEvents,
  notificationEvents,
} from '@nuage/shared/notification-events';
import type { NotificationChannel } from '@nuage/shared/schemas/responses/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { ModalFormActions } from '@/components/ui/modal-form-actions';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { environmentChoicesQuery, memberChoicesQuery } from '../api/get-form-choices';
import { useSaveChannel } from '../api/save-channel';
import { initialState, toBody, toggle, type ChannelFormState } from './channel-form';
import { CheckboxList } from './checkbox-list';

const FORM_ID = 'notification-channel-form';
const urlHints: Record<string, string> = {
  slack: 'L’adresse « Incoming Webhook » de votre espace Slack (https://hooks.slack.com/…).',
  teams: 'L’adresse du webhook d’un flux Workflows (ou d’un connecteur) de votre canal Teams.',
  discord: 'Paramètres du salon → Intégrations → Webhooks → « Copier l’URL du webhook ».',
  webhook: 'Votre passerelle (WhatsApp Business, SMS…) : un POST JSON signé (HMAC-SHA256).',
};

/** « Ajouter un canal » / « Modifier » : kind, destination, events and environments chosen. */
export function ChannelFormModal({
  projectId,
  channel,
  onOpenChange,
}: {
  projectId: string;
  channel: NotificationChannel | null;
  onOpenChange(open: boolean): void;
}) {
  const [s, setS] = useState<ChannelFormState>(() => initialState(channel));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveChannel(projectId, channel?.id ?? null);
  const environments = useQuery(environmentChoicesQuery(projectId));
  const members = useQuery(memberChoicesQuery(projectId));
  const set = <K extends keyof ChannelFormState>(k: K, v: ChannelFormState[K]) =>
    setS((prev) => ({ ...prev, [k]: v }));
  const editing = channel !== null;
  const keepHint = editing ? 'Laissez vide pour garder la valeur enregistrée.' : undefined;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync(toBody(s));
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 401) return;
      const byField: Record<string, string> = {};
      for (const issue of err.issues) byField[String(issue.loc.at(-1))] = issue.msg;
      if (Object.keys(byField).length === 0) byField.form = err.message;
      setErrors(byField);
      return;
    }
    notify.success(editing ? 'Canal modifié' : 'Canal ajouté');
    onOpenChange(false);
  };

  return (
    <Modal
      open
      onOpenChange={(next) => !save.isPending && onOpenChange(next)}
      size="lg"
      title={editing ? `Modifier « ${channel.nom} »` : 'Ajouter un canal de notification'}
      description="Les adresses, tokens et secrets sont chiffrés et ne sont jamais réaffichés."
      footer={
        <ModalFormActions
          formId={FORM_ID}
          submitLabel={editing ? 'Enregistrer' : 'Ajouter le canal'}
          submittingLabel="Enregistrement…"
          submitting={save.isPending}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id={FORM_ID} onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {errors.form && <Notice tone="error">{errors.form}</Notice>}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Nom" error={errors.nom}>
            <Input value={s.nom} onChange={(e) => set('nom', e.target.value)} maxLength={100} />
          </FormField>
          <FormField label="Type" error={errors.type}>
            <Select
              value={s.type}
              onChange={(e) => set('type', e.target.value as ChannelFormState['type'])}
            >
              {channelKinds.map((k) => (
                <option key={k} value={k}>
                  {channelKindLabels[k]}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        {s.type in urlHints && (
          <FormField
            label="Adresse du webhook"
            error={errors.url}
            hint={keepHint ?? urlHints[s.type]}
          >
            <Input
              type="password"
              autoComplete="off"
              value={s.url}
              placeholder={editing ? channel.cible : 'https://…'}
              onChange={(e) => set('url', e.target.value)}
            />
          </FormField>
        )}
        {s.type === 'webhook' && (
          <FormField
            label="Secret de signature"
            error={errors.secret}
            hint={
              keepHint ??
              'Au moins 16 caractères ; votre passerelle s’en sert pour vérifier X-Nuage-Signature.'
            }
          >
            <Input
              type="password"
              autoComplete="off"
              value={s.secret}
              onChange={(e) => set('secret', e.target.value)}
            />
          </FormField>
        )}
        {s.type === 'telegram' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Token du bot"
              error={errors.bot_token}
              hint={keepHint ?? 'Donné par @BotFather.'}
            >
              <Input
                type="password"
                autoComplete="off"
                value={s.bot_token}
                onChange={(e) => set('bot_token', e.target.value)}
              />
            </FormField>
            <FormField
              label="Conversation (chat_id)"
              error={errors.chat_id}
              hint="Un nombre (-100… pour un groupe) ou @nom_du_canal."
            >
              <Input value={s.chat_id} onChange={(e) => set('chat_id', e.target.value)} />
            </FormField>
          </div>
        )}
        {s.type === 'email' && (
          <CheckboxList
            legend="Destinataires"
            error={errors.destinataires}
            options={(members.data ?? []).map((m) => ({
              value: m.user_id,
              label: `${m.prenom} ${m.nom} (${m.email})`,
            }))}
            selected={s.destinataires}
            onToggle={(v) => set('destinataires', toggle(s.destinataires, v))}
          />
        )}
        <CheckboxList
          legend="Événements"
          error={errors.evenements}
          columns
          options={choosableEvents.map((e) => ({ value: e, label: notificationEvents[e].label }))}
          selected={s.evenements}
          onToggle={(v) => set('evenements', toggle(s.evenements, v))}
        />
        <CheckboxList
          legend="Environnements"
          hint="Aucun coché : tous les environnements."
          error={errors.environnements}
          options={(environments.data ?? []).map((env) => ({
            value: env.id,
            label: `${env.nom} (${env.type})`,
          }))}
          selected={s.environnements}
          onToggle={(v) => set('environnements', toggle(s.environnements, v))}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={s.actif}
            onChange={(e) => set('actif', e.target.checked)}
          />
          Actif {channel?.en_pause_depuis ? '(le réactiver remet son compte d’échecs à zéro)' : ''}
        </label>
      </form>
    </Modal>
  );
}
