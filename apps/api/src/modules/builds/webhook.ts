import { webhookProviders, type WebhookInfo, type WebhookSecret } from '@nuage/shared/build-types';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { decryptSecret, encryptSecret, randomToken } from '../../lib/crypto';
import { unauthorized } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { authorizeBuiltApplication } from './application-builds';
import { buildsFromGit } from '../../engine/specs/built-from-git';
import { deliveryIdOf } from './webhook-deliveries';
import { buildPush } from './webhook-push';
import { pushOf, verifyWebhook } from './webhook-signature';
import { buildTexts } from '@nuage/shared/build-types';
import { pushIgnoredTexts } from '@nuage/shared/messages/builds';
import { isPullRequestEvent } from '../previews/pull-request-event';
import { receivePullRequest, type PreviewOutcome } from '../previews/receive-pull-request';

export const BAD_SIGNATURE = buildTexts.badSignature;

const webhookUrl = (ctx: AppContext, deploymentId: string) =>
  `${ctx.config.publicUrl.replace(/\/$/, '')}/api/v1/webhooks/git/${deploymentId}`;

export async function getWebhook(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
): Promise<WebhookInfo> {
  const d = await authorizeBuiltApplication(ctx, { ...input, need: 'user' });
  return {
    url: webhookUrl(ctx, d.id),
    has_secret: d.webhookSecretSealed !== null,
    providers: [...webhookProviders],
  };
}

/** A new secret, answered this once (the old one stops working at once). */
export async function regenerateWebhookSecret(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
): Promise<WebhookSecret> {
  const d = await authorizeBuiltApplication(ctx, { ...input, need: 'developer' });
  const secret = randomToken();
  await ctx.db
    .update(deployments)
    .set({
      webhookSecretSealed: encryptSecret(ctx.secrets.secretsKey, secret),
      updatedAt: new Date(),
    })
    .where(eq(deployments.id, d.id));
  return { url: webhookUrl(ctx, d.id), secret };
}

/**
 * POST /webhooks/git/{deploymentId}: a provider's push. Anything not proven by the secret is
 * refused with the same 401 (an unknown application included), before anything is written; a
 * delivery id received before gets 409, and a push that is not the branch's current, unbuilt
 * head is answered 202 with why it is ignored (webhook-push.ts). Pull request events go to
 * their previews (modules/previews/receive-pull-request.ts).
 */
export async function receivePush(
  ctx: AppContext,
  input: {
    deploymentId: string;
    headers: Record<string, string | string[] | undefined>;
    rawBody: Buffer;
  },
): Promise<{ build_id: string } | { ignored: true; detail: string } | PreviewOutcome> {
  if (!isUuid(input.deploymentId)) throw unauthorized(BAD_SIGNATURE);
  const [d] = await ctx.db.select().from(deployments).where(eq(deployments.id, input.deploymentId));
  if (!d?.webhookSecretSealed || !buildsFromGit(d)) throw unauthorized(BAD_SIGNATURE);
  const secret = decryptSecret(ctx.secrets.secretsKey, d.webhookSecretSealed);
  const provider = verifyWebhook(input.headers, input.rawBody, secret);
  if (!provider) throw unauthorized(BAD_SIGNATURE);
  if (d.desiredState === 'absent')
    return {
      ignored: true,
      detail: pushIgnoredTexts.applicationDeleting,
    };
  const payload = parsePayload(input.rawBody, input.headers);
  // A pull (merge) request: its preview (issue 26), on the same URL and secret as pushes.
  if (isPullRequestEvent(provider, input.headers))
    return receivePullRequest(ctx, {
      d,
      provider,
      deliveryId: deliveryIdOf(provider, input.headers, input.rawBody),
      payload,
    });
  const push = pushOf(provider, input.headers, payload);
  if ('ignored' in push) return { ignored: true, detail: push.ignored };
  const tracked = d.gitBranch ?? 'main';
  if (push.branch !== tracked)
    return {
      ignored: true,
      detail: pushIgnoredTexts.otherBranch(push.branch, tracked),
    };
  return buildPush(ctx, {
    d,
    provider,
    deliveryId: deliveryIdOf(provider, input.headers, input.rawBody),
    push,
  });
}

/** JSON, or GitHub's form encoding (`payload=<json>`); anything else reads as an empty payload. */
function parsePayload(raw: Buffer, headers: Record<string, string | string[] | undefined>) {
  const text = raw.toString('utf8');
  try {
    if (String(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return JSON.parse(new URLSearchParams(text).get('payload') ?? '{}') as unknown;
    }
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}
