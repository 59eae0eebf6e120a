import { operationsErrors } from '@nuage/shared/operations-messages';
import { failureMessage } from '@/lib/failure-message';
import { notify } from '@/lib/toast';

/** SPEC §8 "Status load": the server's detail, else 'Status indisponible'. */
export function notifyRefreshFailure(error: unknown) {
  const message = failureMessage(error, operationsErrors.statusUnavailable);
  if (message) notify.error(message);
}
