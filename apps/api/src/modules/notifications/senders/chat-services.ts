import { notificationTexts as t } from '@nuage/shared/messages/notifications';
import { severityColours, withLink, type OutgoingNotification } from './message';

/**
 * The bodies the chat services' incoming webhooks take. Names in them come from users
 * (applications, projects): Slack's control characters are escaped and Discord is told to
 * ping nobody, so a name like `@everyone` or `<!channel>` stays text.
 */

const slackEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** Slack incoming webhook: `text` (the notification's fallback) and Block Kit blocks. */
export function slackBody(n: OutgoingNotification) {
  const link = n.url ? `\n<${n.url}|${t.mailAction}>` : '';
  return {
    text: cut(`${n.title} — ${n.text}`, 3000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: cut(n.title, 150), emoji: false } },
      { type: 'section', text: { type: 'mrkdwn', text: cut(slackEscape(n.text) + link, 3000) } },
    ],
  };
}

/** Discord webhook: one embed; `allowed_mentions` empty so no name can ping anyone. */
export function discordBody(n: OutgoingNotification) {
  return {
    username: 'NuageDeploy',
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        title: cut(n.title, 256),
        description: cut(n.text, 4096),
        ...(n.url ? { url: n.url } : {}),
        color: severityColours[n.severity],
        timestamp: n.occurredAt.toISOString(),
      },
    ],
  };
}

/**
 * Microsoft Teams: a message carrying an Adaptive Card, which both the Workflows webhooks and the
 * older Office 365 connectors accept.
 */
export function teamsBody(n: OutgoingNotification) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: n.title, weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'TextBlock', text: n.text, wrap: true },
          ],
          ...(n.url
            ? { actions: [{ type: 'Action.OpenUrl', title: t.mailAction, url: n.url }] }
            : {}),
        },
      },
    ],
  };
}

/** Telegram's `sendMessage`: plain text (no parse mode, nothing to escape), 4096 characters. */
export function telegramBody(n: OutgoingNotification, chatId: string) {
  return {
    chat_id: chatId,
    text: cut(`${n.title}\n\n${withLink(n, t.mailAction)}`, 4096),
    link_preview_options: { is_disabled: true },
  };
}

/** The generic webhook's JSON (documented in docs/notifications.md and the OpenAPI page). */
export function webhookBody(n: OutgoingNotification) {
  return {
    id: n.deliveryId,
    evenement: n.type,
    evenement_id: n.eventId,
    titre: n.title,
    texte: n.text,
    gravite: n.severity,
    lien: n.url,
    projet: n.project,
    environnement_id: n.environmentId,
    date: n.occurredAt.toISOString(),
  };
}
