import type { Project } from '@nuage/shared/api-types';
import { AppWindow, Layers, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { countLabel } from './count-label';

/** Shortcuts of SPEC §2: the project's environments, its applications, the certificates. */
export function ShortcutTiles({ project }: { project: Project }) {
  const tiles: { to: string; label: string; detail: string; icon: LucideIcon }[] = [
    {
      to: `/environments/${project.id}`,
      label: 'Environnements',
      detail: countLabel(project.environments_count, 'environnement'),
      icon: Layers,
    },
    {
      to: `/project/${project.id}/applications`,
      label: 'Applications',
      detail: countLabel(project.applications_count, 'application'),
      icon: AppWindow,
    },
    { to: '/certificates', label: 'Certificats', detail: 'Certificats TLS', icon: ShieldCheck },
  ];
  return (
    <nav aria-label="Raccourcis du projet" className="grid gap-4 sm:grid-cols-3">
      {tiles.map(({ to, label, detail, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-blue-400 hover:bg-blue-50/50 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-700 dark:hover:bg-blue-950/30"
        >
          <span className="flex size-10 items-center justify-center rounded-lg bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <span>
            <span className="block font-semibold">{label}</span>
            <span className="block text-sm text-slate-500 dark:text-slate-400">{detail}</span>
          </span>
        </Link>
      ))}
    </nav>
  );
}
