import type { Project } from '@nuage/shared/api-types';
import { ArrowRight, Layers } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { QuotaUsage } from './quota-usage';
import { RoleBadge } from './role-badge';
import { countLabel } from './count-label';

/** One project of /projects: role, quotas and usage, links to its detail and environments. */
export function ProjectCard({ project }: { project: Project }) {
  const titleId = `project-${project.id}`;
  return (
    <Card className="flex min-w-0 flex-col" role="article" aria-labelledby={titleId}>
      <div className="flex-1 space-y-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="truncate text-lg font-semibold">
              {project.nom}
            </h2>
            <p className="mt-0.5 line-clamp-2 text-sm text-slate-500 dark:text-slate-400">
              {project.description || 'Aucune description'}
            </p>
          </div>
          <RoleBadge role={project.role_projet} />
        </div>
        <QuotaUsage project={project} />
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {countLabel(project.environments_count, 'environnement')} ·{' '}
          {countLabel(project.applications_count, 'application')} · créé le{' '}
          {formatDate(project.date_creation)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
        <Link to={`/projects/${project.id}`} className={buttonClasses('primary', 'sm')}>
          Détails du projet <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
        <Link to={`/environments/${project.id}`} className={buttonClasses('outline', 'sm')}>
          <Layers className="size-4" aria-hidden="true" /> Environnements
        </Link>
      </div>
    </Card>
  );
}
