import type { UserProfile } from '@nuage/shared/schemas/users';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

/** Account id, creation date (fr-FR long) and status (SPEC §2: shown as Actif). */
export function AccountInfoCard({ user }: { user: UserProfile }) {
  return (
    <Card>
      <CardHeader title="Informations du compte" />
      <CardBody>
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="text-slate-500 dark:text-slate-400">Identifiant</dt>
            {/* SPEC §2: the id support asks for, copied as it is (not a name to replace). */}
            <dd data-verbatim className="mt-0.5 font-mono text-xs break-all">
              {user.id}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">Membre depuis</dt>
            <dd className="mt-0.5 font-medium">{formatDate(user.date_creation)}</dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">Statut</dt>
            <dd className="mt-1">
              <Badge tone="green">Actif</Badge>
            </dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}
