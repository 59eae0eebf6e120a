import { auditAccessTexts as t } from '@nuage/shared/audit-access-texts';
import type { ProjectRole } from '@nuage/shared/roles';
import { ArrowLeft, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** The audit log's answer to a member who is not an admin: what it is for, and the way back. */
export function AuditAdminsOnly({
  projectId,
  projectName,
  role,
}: {
  projectId: string;
  projectName: string;
  role?: ProjectRole;
}) {
  return (
    <EmptyState
      icon={Lock}
      title={t.title}
      description={t.body(projectName, role)}
      action={
        <Link to={`/projects/${projectId}`} className={buttonClasses('outline')}>
          <ArrowLeft className="size-4" aria-hidden="true" /> {t.back}
        </Link>
      }
    />
  );
}
