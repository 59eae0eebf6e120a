import { z } from 'zod/mini';
import { notificationTexts as t } from '../messages/notifications';
import { channelKinds, choosableEvents } from '../notification-events';
import { requiredText } from './fields';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Telegram's bot tokens: the bot's number, a colon, 35 URL-safe characters (we allow 30+). */
export const TELEGRAM_TOKEN = /^\d{3,15}:[A-Za-z0-9_-]{30,}$/;
/** A chat's number (negative for groups) or a public channel's @name. */
export const TELEGRAM_CHAT = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;
export const WEBHOOK_SECRET_MIN = 16;

const optionalSecret = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

/**
 * A channel as the form sends it. Fields that do not concern the chosen kind are ignored. On
 * an update, an empty or absent secret (URL, bot token, signing secret) keeps the stored one.
 */
const channelFields = {
  nom: requiredText(t.nameRequired, z.maxLength(100, t.nameTooLong)),
  type: z.enum(channelKinds, { error: t.kindInvalid }),
  evenements: z
    .array(z.enum(choosableEvents as [string, ...string[]], { error: t.eventUnknown }))
    .check(z.minLength(1, t.eventsRequired)),
  /** Empty: every environment of the project (and events of no environment). */
  environnements: z._default(z.array(z.string().check(z.regex(UUID, t.environmentUnknown))), []),
  /** E-mail: the project members written to. */
  destinataires: z._default(z.array(z.string().check(z.regex(UUID, t.recipientNotMember))), []),
  /** Webhook, Slack, Teams, Discord: the address (a secret: it carries the service's key). */
  url: optionalSecret(2000),
  /** Webhook: the key of the HMAC-SHA256 signature, chosen by the admin. */
  secret: optionalSecret(200),
  bot_token: optionalSecret(200),
  chat_id: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  /** false pauses the channel; true resumes a channel paused after failures. */
  actif: z.optional(z.boolean()),
};

type ChannelForm = {
  type: (typeof channelKinds)[number];
  destinataires: string[];
  url?: string | undefined;
  secret?: string | undefined;
  bot_token?: string | undefined;
  chat_id?: string | undefined;
};

/** The per-kind rules; `creating` requires the secrets an update may leave blank. */
function kindRules<T extends ChannelForm>(creating: boolean) {
  return z.superRefine<T>((f, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const has = (v: string | undefined) => v !== undefined && v.length > 0;
    if (f.type === 'email' && f.destinataires.length === 0)
      issue('destinataires', t.recipientsRequired);
    if (['webhook', 'slack', 'teams', 'discord'].includes(f.type)) {
      if (creating && !has(f.url)) issue('url', t.urlRequired);
      else if (has(f.url) && !/^https?:\/\//i.test(f.url!)) issue('url', t.urlInvalid);
    }
    if (
      f.type === 'webhook' &&
      (creating || has(f.secret)) &&
      (f.secret ?? '').length < WEBHOOK_SECRET_MIN
    )
      issue('secret', t.webhookSecretTooShort);
    if (f.type === 'telegram') {
      if (creating && !has(f.bot_token)) issue('bot_token', t.botTokenRequired);
      else if (has(f.bot_token) && !TELEGRAM_TOKEN.test(f.bot_token!))
        issue('bot_token', t.botTokenInvalid);
      if (!has(f.chat_id)) issue('chat_id', t.chatIdRequired);
      else if (!TELEGRAM_CHAT.test(f.chat_id!)) issue('chat_id', t.chatIdInvalid);
    }
  });
}

/** POST /projects/{id}/notification-channels; the add form uses the same rules. */
export const createChannelSchema = z.object(channelFields).check(kindRules(true));
/** PUT /projects/{id}/notification-channels/{channelId}: the whole form again, secrets optional. */
export const updateChannelSchema = z.object(channelFields).check(kindRules(false));

export type CreateChannelInput = z.infer<typeof createChannelSchema>;
export type UpdateChannelInput = z.infer<typeof updateChannelSchema>;

/** PUT /users/me/notification-preferences: the events not wanted by e-mail, the new-device mail. */
export const notificationPreferencesInputSchema = z.object({
  email_muets: z.array(z.enum(choosableEvents as [string, ...string[]], { error: t.eventUnknown })),
  nouvel_appareil: z.boolean(),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

/** POST /users/me/notifications/read: these entries, or every one when `ids` is absent. */
export const markReadSchema = z.object({
  ids: z.optional(z.array(z.string().check(z.regex(UUID)))),
});
