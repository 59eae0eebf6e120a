import { deployErrors } from '@nuage/shared/messages';
import { ApiError, messageFromDetail } from '@/lib/api-client';

/**
 * The toast of a refused deploy that is not a quota refusal (SPEC §8): the server's detail,
 * else 'Erreur lors du déploiement'. Null when nothing should be shown (a 401 ends the session).
 */
export function deployFailureMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return deployErrors.deploy;
  if (error.status === 401) return null;
  if (error.status === 0) return error.message;
  return messageFromDetail(error.detail, deployErrors.deploy);
}
