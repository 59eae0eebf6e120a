import type { InvitationInfo } from '@nuage/shared/api-types';
import { roleLabels } from '@nuage/shared/roles';
import { formatDateTime } from '@/lib/format';

/** SPEC §2: project name, invited e-mail, role and expiry. */
export function InvitationDetails({ invitation }: { invitation: InvitationInfo }) {
  const rows = [
    { label: 'Projet', value: invitation.project_name },
    { label: 'Email invité', value: invitation.email },
    { label: 'Rôle', value: roleLabels[invitation.role] },
    { label: "Valable jusqu'au", value: formatDateTime(invitation.expires_at) },
  ];
  return (
    <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
      {rows.map(({ label, value }) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 px-4 py-2.5">
          <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="min-w-0 font-medium break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
