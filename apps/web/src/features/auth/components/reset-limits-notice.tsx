import { auth } from '@nuage/shared/limits';
import { Notice } from '@/components/ui/notice';

/** SPEC §9: the request limits are stated in the interface. */
export function ResetLimitsNotice() {
  return (
    <Notice tone="warning" title="Limites de sécurité">
      <ul className="list-disc space-y-0.5 pl-4">
        <li>{auth.resetMaxRequestsPerDay} tentatives maximum par 24 heures</li>
        <li>{auth.resetMinIntervalMinutes} minutes minimum entre deux demandes</li>
      </ul>
    </Notice>
  );
}
