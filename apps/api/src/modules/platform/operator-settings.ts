import { operatorSettingsTexts as texts } from '@nuage/shared/messages/platform';
import type { Config } from '../../config';

/** Whether `email` belongs to one of the platform's operators (OPERATOR_EMAILS). */
export function isOperator(config: Pick<Config, 'operatorEmails'>, email: string): boolean {
  return config.operatorEmails.includes(email.toLowerCase());
}

/** A host name no Git host on the internet can reach. */
const localHost = /^(localhost|127\.|\[::1\]|0\.0\.0\.0|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/;

/**
 * The settings customers depend on that this platform still misses, in French, for its
 * operators' banner: customers' cards only say what they can do themselves.
 */
export function missingSettings(
  config: Pick<Config, 'appsDomain' | 'publicIp' | 'publicUrl'>,
): string[] {
  const missing: string[] = [];
  if (!config.appsDomain && !config.publicIp) missing.push(texts.publicAddress);
  if (localHost.test(new URL(config.publicUrl).hostname))
    missing.push(texts.publicUrl(config.publicUrl));
  return missing;
}
