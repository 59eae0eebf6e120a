import { notificationTexts as t } from '@nuage/shared/messages/notifications';
import type { ChannelKind } from '@nuage/shared/notification-events';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { projectMembers } from '../../../db/schema/projects';
import { userNotificationPreferences } from '../../../db/schema/notifications';
import { users } from '../../../db/schema/users';
import { renderMail } from '../../../mail/layout';
import type { Mailer } from '../../../mail/mailer';
import type { ChannelSecrets } from './channel-secrets';
import { discordBody, slackBody, teamsBody, telegramBody, webhookBody } from './chat-services';
import { DeliveryError, postJson } from './http-post';
import type { OutgoingNotification } from './message';
import { signWebhook } from './signature';

export interface SenderDeps {
  db: Executor;
  mailer: Mailer;
  allowPrivateTargets: boolean;
  telegramApiUrl: string;
  /** Unix seconds of the webhook's timestamp header. */
  nowSeconds: () => number;
}

export interface ChannelToSend {
  kind: ChannelKind;
  projectId: string;
  secrets: ChannelSecrets;
  chatId: string | null;
  recipientIds: string[];
}

/** Sends one notification on one channel; a failure throws DeliveryError (French, no secret). */
export async function sendNotification(
  deps: SenderDeps,
  channel: ChannelToSend,
  n: OutgoingNotification,
): Promise<void> {
  const post = (url: string, body: unknown, headers?: Record<string, string>) =>
    postJson(url, body, {
      allowPrivate: deps.allowPrivateTargets,
      ...(headers ? { headers } : {}),
    });
  const url = channel.secrets.url ?? '';
  switch (channel.kind) {
    case 'slack':
      await post(url, slackBody(n));
      return;
    case 'discord':
      await post(url, discordBody(n));
      return;
    case 'teams':
      await post(url, teamsBody(n));
      return;
    case 'telegram':
      await sendTelegram(deps, channel, n);
      return;
    case 'webhook': {
      // The signature covers the exact bytes sent: the body is serialised once, here.
      const body = JSON.stringify(webhookBody(n));
      const timestamp = deps.nowSeconds();
      await postJson(url, body, {
        allowPrivate: deps.allowPrivateTargets,
        headers: {
          'x-nuage-event': n.type,
          'x-nuage-delivery': n.deliveryId,
          'x-nuage-timestamp': String(timestamp),
          'x-nuage-signature': signWebhook(channel.secrets.secret ?? '', timestamp, body),
        },
      });
      return;
    }
    case 'email':
      await sendMails(deps, channel, n);
      return;
  }
}

async function sendTelegram(deps: SenderDeps, channel: ChannelToSend, n: OutgoingNotification) {
  const endpoint = `${deps.telegramApiUrl}/bot${channel.secrets.botToken ?? ''}/sendMessage`;
  const answer = await postJson(endpoint, telegramBody(n, channel.chatId ?? ''), {
    allowPrivate: deps.allowPrivateTargets,
  });
  // The Bot API answers 200 {"ok":true,…}; anything else is a refusal, whatever the status.
  let ok: boolean;
  try {
    ok = (JSON.parse(answer.body) as { ok?: unknown }).ok === true;
  } catch {
    ok = false;
  }
  if (!ok) throw new DeliveryError(t.httpStatus(answer.status, answer.body.slice(0, 300)));
}

/** To the chosen members who are still members of the project (one mail each). */
async function sendMails(deps: SenderDeps, channel: ChannelToSend, n: OutgoingNotification) {
  const recipients =
    channel.recipientIds.length === 0
      ? []
      : await deps.db
          .select({ email: users.email, muted: userNotificationPreferences.emailMuted })
          .from(projectMembers)
          .innerJoin(users, eq(users.id, projectMembers.userId))
          .leftJoin(
            userNotificationPreferences,
            eq(userNotificationPreferences.userId, projectMembers.userId),
          )
          .where(
            and(
              eq(projectMembers.projectId, channel.projectId),
              inArray(projectMembers.userId, channel.recipientIds),
            ),
          );
  if (recipients.length === 0) throw new DeliveryError(t.noRecipient);
  // A member who turned this event off on /profile is not written to (and that is no failure).
  for (const { email, muted } of recipients) {
    if (muted?.includes(n.type)) continue;
    await deps.mailer.send(
      renderMail({
        to: email,
        subject: n.title,
        greeting: t.mailGreeting,
        paragraphs: [n.text],
        ...(n.url ? { action: { label: t.mailAction, url: n.url } } : {}),
        footnote: t.mailFootnote,
      }),
    );
  }
}
