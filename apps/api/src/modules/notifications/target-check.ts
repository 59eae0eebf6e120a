import { notificationTexts as t } from '@nuage/shared/messages/notifications';
import { FieldValidationError } from '../../lib/errors';
import {
  bareHost,
  InternalAddressError,
  resolveDestination,
} from '../../lib/network/guarded-lookup';

const urlIssue = (msg: string) =>
  new FieldValidationError([{ loc: ['body', 'url'], msg, type: 'url' }]);

/**
 * Checked when an admin saves a webhook address (and again on every send, http-post.ts): https
 * (http only where private targets are allowed: a LAN gateway, the tests' receivers), no
 * credentials in the URL, every resolved address allowed by the one address policy (SSRF).
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw urlIssue(t.urlInvalid);
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw urlIssue(t.urlInvalid);
  if (url.username || url.password) throw urlIssue(t.urlCredentials);
  const host = bareHost(url);
  try {
    await resolveDestination(host, { allowPrivate });
  } catch (err) {
    if (err instanceof InternalAddressError) throw urlIssue(t.urlPrivate(host));
    throw urlIssue(t.urlUnknownHost(host));
  }
}
