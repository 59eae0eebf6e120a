import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

/** Where the page sits: earlier steps are links, the last one is the current page. */
export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Fil d'Ariane">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
        {items.map((item, i) => (
          <li key={`${i}-${item.label}`} className="flex min-w-0 items-center gap-1">
            {i > 0 && <ChevronRight className="size-4 shrink-0" aria-hidden="true" />}
            {item.to ? (
              <Link
                to={item.to}
                className="max-w-[16rem] truncate hover:text-blue-600 hover:underline"
              >
                {item.label}
              </Link>
            ) : (
              <span
                aria-current="page"
                className="max-w-[16rem] truncate font-medium text-slate-700 dark:text-slate-200"
              >
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A page inside a project: « Projets › <project> › …trail ». */
export function ProjectBreadcrumb({
  projectId,
  projectName,
  trail,
}: {
  projectId: string;
  projectName: string;
  trail: { label: string; to?: string }[];
}) {
  return (
    <Breadcrumb
      items={[
        { label: 'Projets', to: '/projects' },
        { label: projectName, to: `/projects/${projectId}` },
        ...trail,
      ]}
    />
  );
}
