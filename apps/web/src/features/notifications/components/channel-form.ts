import type { ChannelKind } from '@nuage/shared/notification-events';
import { defaultEvents } from '@nuage/shared/notification-events';
import type { CreateChannelInput } from '@nuage/shared/schemas/notifications';
import type { NotificationChannel } from '@nuage/shared/schemas/responses/notifications';

/** The form's state: the API's fields, secrets always blank (they are never shown again). */
export interface ChannelFormState {
  nom: string;
  type: ChannelKind;
  evenements: string[];
  environnements: string[];
  destinataires: string[];
  url: string;
  secret: string;
  bot_token: string;
  chat_id: string;
  actif: boolean;
}

export function initialState(channel: NotificationChannel | null): ChannelFormState {
  return {
    nom: channel?.nom ?? '',
    type: (channel?.type as ChannelKind | undefined) ?? 'slack',
    evenements: channel?.evenements ?? [...defaultEvents],
    environnements: channel?.environnements ?? [],
    destinataires: channel?.destinataires ?? [],
    url: '',
    secret: '',
    bot_token: '',
    chat_id: channel?.chat_id ?? '',
    actif: channel ? channel.actif : true,
  };
}

/** What is sent: only the fields of the chosen kind, blank secrets left out. */
export function toBody(s: ChannelFormState): CreateChannelInput {
  const typed = (v: string) => (v.trim() ? v.trim() : undefined);
  return {
    nom: s.nom,
    type: s.type,
    evenements: s.evenements,
    environnements: s.environnements,
    destinataires: s.type === 'email' ? s.destinataires : [],
    actif: s.actif,
    ...(['webhook', 'slack', 'teams', 'discord'].includes(s.type) && typed(s.url)
      ? { url: typed(s.url) }
      : {}),
    ...(s.type === 'webhook' && typed(s.secret) ? { secret: typed(s.secret) } : {}),
    ...(s.type === 'telegram' && typed(s.bot_token) ? { bot_token: typed(s.bot_token) } : {}),
    ...(s.type === 'telegram' ? { chat_id: s.chat_id.trim() } : {}),
  };
}

export const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
