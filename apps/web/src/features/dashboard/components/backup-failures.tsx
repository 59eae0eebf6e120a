import type { DashboardBackupFailure } from '@nuage/shared/dashboard-types';
import { Link } from 'react-router';
import { Notice } from '@/components/ui/notice';

/**
 * Every application whose latest backup or test restore failed, or whose restore (into it,
 * created for it and held) failed, linked to its page.
 */
export function BackupFailures({ failures }: { failures: DashboardBackupFailure[] }) {
  if (failures.length === 0) return null;
  return (
    <Notice
      tone="error"
      title={
        failures.length > 1
          ? `${failures.length} sauvegardes ou restaurations ont échoué`
          : failures[0]!.operation === 'sauvegarde'
            ? 'Une sauvegarde a échoué'
            : 'Une restauration a échoué'
      }
    >
      <ul className="space-y-1">
        {failures.map((f) => (
          <li key={`${f.application_id}-${f.operation}`}>
            <Link to={`/deployment/${f.application_id}`} className="font-medium underline">
              {f.application_nom}
            </Link>{' '}
            ({f.projet_nom}) : {f.operation} échouée
            {f.erreur ? ` — ${f.erreur}` : ''}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
