import type { ChannelKind } from '@nuage/shared/notification-events';
import { notificationTexts as t } from '@nuage/shared/messages/notifications';
import { decryptSecret, encryptSecret } from '../../../lib/crypto';

/** What a channel keeps sealed (AES-256-GCM, the server's key), by kind. */
export interface ChannelSecrets {
  url?: string;
  secret?: string;
  botToken?: string;
}

export const sealChannelSecrets = (key: Buffer, secrets: ChannelSecrets) =>
  encryptSecret(key, JSON.stringify(secrets));

export const unsealChannelSecrets = (key: Buffer, sealed: string | null): ChannelSecrets =>
  sealed ? (JSON.parse(decryptSecret(key, sealed)) as ChannelSecrets) : {};

/** What the API shows of a channel's destination instead of its secrets. */
export function targetHint(
  kind: ChannelKind,
  opts: { url?: string | undefined; chatId?: string | null; recipients: number },
): string {
  if (kind === 'email') return t.recipientsHint(opts.recipients);
  if (kind === 'telegram') return t.telegramHint(opts.chatId ?? '');
  return opts.url ? new URL(opts.url).host : '';
}
