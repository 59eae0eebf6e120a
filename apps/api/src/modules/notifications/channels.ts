import { notificationTexts as t } from '@nuage/shared/messages/notifications';
import type { CreateChannelInput, UpdateChannelInput } from '@nuage/shared/schemas/notifications';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { environments } from '../../db/schema/environments';
import { notificationChannels } from '../../db/schema/notifications';
import { projectMembers } from '../../db/schema/projects';
import { FieldValidationError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { authorizeProject } from '../projects/policy';
import { presentChannel } from './presenter';
import {
  sealChannelSecrets,
  targetHint,
  unsealChannelSecrets,
  type ChannelSecrets,
} from './senders/channel-secrets';
import { checkWebhookUrl } from './target-check';

/** A project's notification channels (issue 27): project admins only. */

interface Caller {
  projectId: string;
  userId: string;
}

const issue = (field: string, msg: string) =>
  new FieldValidationError([{ loc: ['body', field], msg, type: field }]);

export async function listChannels(ctx: AppContext, input: Caller) {
  await authorizeProject(ctx.db, { ...input, need: 'admin' });
  const rows = await ctx.db
    .select()
    .from(notificationChannels)
    .where(eq(notificationChannels.projectId, input.projectId))
    .orderBy(asc(notificationChannels.createdAt));
  return rows.map(presentChannel);
}

/** Environments and recipients must be the project's own; a URL must pass the address policy. */
async function checkReferences(ctx: AppContext, projectId: string, body: UpdateChannelInput) {
  const envIds = [...new Set(body.environnements)];
  if (envIds.length > 0) {
    const found = await ctx.db
      .select({ id: environments.id })
      .from(environments)
      .where(and(eq(environments.projectId, projectId), inArray(environments.id, envIds)));
    if (found.length !== envIds.length) throw issue('environnements', t.environmentUnknown);
  }
  const recipients = body.type === 'email' ? [...new Set(body.destinataires)] : [];
  if (recipients.length > 0) {
    const members = await ctx.db
      .select({ id: projectMembers.userId })
      .from(projectMembers)
      .where(
        and(eq(projectMembers.projectId, projectId), inArray(projectMembers.userId, recipients)),
      );
    if (members.length !== recipients.length) throw issue('destinataires', t.recipientNotMember);
  }
  if (body.url && ['webhook', 'slack', 'teams', 'discord'].includes(body.type))
    await checkWebhookUrl(body.url, ctx.config.notifications.allowPrivateTargets);
  return { envIds, recipients };
}

/** The secrets this kind keeps: the new ones typed, else (update) the stored ones. */
function secretsOf(body: UpdateChannelInput, stored: ChannelSecrets): ChannelSecrets {
  const pick = (typed: string | undefined, kept: string | undefined) =>
    typed && typed.length > 0 ? typed : kept;
  switch (body.type) {
    case 'email':
      return {};
    case 'telegram':
      return { botToken: pick(body.bot_token, stored.botToken)! };
    case 'webhook':
      return { url: pick(body.url, stored.url)!, secret: pick(body.secret, stored.secret)! };
    default:
      return { url: pick(body.url, stored.url)! };
  }
}

function columnsOf(ctx: AppContext, body: UpdateChannelInput, secrets: ChannelSecrets) {
  return {
    nom: body.nom,
    kind: body.type,
    events: [...new Set(body.evenements)],
    chatId: body.type === 'telegram' ? (body.chat_id ?? null) : null,
    configSealed:
      Object.keys(secrets).length > 0 ? sealChannelSecrets(ctx.secrets.secretsKey, secrets) : null,
  };
}

export async function createChannel(ctx: AppContext, input: Caller & { body: CreateChannelInput }) {
  await authorizeProject(ctx.db, { ...input, need: 'admin' });
  const { envIds, recipients } = await checkReferences(ctx, input.projectId, input.body);
  const secrets = secretsOf(input.body, {});
  const [row] = await ctx.db
    .insert(notificationChannels)
    .values({
      projectId: input.projectId,
      ...columnsOf(ctx, input.body, secrets),
      environmentIds: envIds,
      recipientIds: recipients,
      targetHint: targetHint(input.body.type, {
        url: secrets.url,
        chatId: input.body.chat_id ?? null,
        recipients: recipients.length,
      }),
      enabled: input.body.actif ?? true,
    })
    .returning();
  return presentChannel(row!);
}

export async function loadChannel(ctx: AppContext, projectId: string, channelId: string) {
  if (!isUuid(channelId)) throw notFound(t.channelNotFound);
  const [row] = await ctx.db
    .select()
    .from(notificationChannels)
    .where(
      and(eq(notificationChannels.id, channelId), eq(notificationChannels.projectId, projectId)),
    );
  if (!row) throw notFound(t.channelNotFound);
  return row;
}

/**
 * The whole form again. Secrets left blank keep their stored value, unless the kind changed
 * (another service's key means nothing here: it must be typed, as on creation). `actif: true`
 * resumes a channel paused after failures, with its count of failures reset.
 */
export async function updateChannel(
  ctx: AppContext,
  input: Caller & { channelId: string; body: UpdateChannelInput },
) {
  await authorizeProject(ctx.db, { ...input, need: 'admin' });
  const current = await loadChannel(ctx, input.projectId, input.channelId);
  const { envIds, recipients } = await checkReferences(ctx, input.projectId, input.body);
  const stored =
    current.kind === input.body.type
      ? unsealChannelSecrets(ctx.secrets.secretsKey, current.configSealed)
      : {};
  const secrets = secretsOf(input.body, stored);
  if (input.body.type === 'telegram' && !secrets.botToken)
    throw issue('bot_token', t.botTokenRequired);
  if (input.body.type !== 'email' && input.body.type !== 'telegram' && !secrets.url)
    throw issue('url', t.urlRequired);
  if (input.body.type === 'webhook' && !secrets.secret)
    throw issue('secret', t.webhookSecretTooShort);
  const resume = input.body.actif === true;
  const [row] = await ctx.db
    .update(notificationChannels)
    .set({
      ...columnsOf(ctx, input.body, secrets),
      environmentIds: envIds,
      recipientIds: recipients,
      targetHint: targetHint(input.body.type, {
        url: secrets.url,
        chatId: input.body.chat_id ?? null,
        recipients: recipients.length,
      }),
      enabled: input.body.actif ?? current.enabled,
      ...(resume ? { pausedAt: null, consecutiveFailures: 0 } : {}),
      updatedAt: new Date(),
    })
    .where(eq(notificationChannels.id, current.id))
    .returning();
  return presentChannel(row!);
}

export async function deleteChannel(ctx: AppContext, input: Caller & { channelId: string }) {
  await authorizeProject(ctx.db, { ...input, need: 'admin' });
  const current = await loadChannel(ctx, input.projectId, input.channelId);
  await ctx.db.delete(notificationChannels).where(eq(notificationChannels.id, current.id));
}
