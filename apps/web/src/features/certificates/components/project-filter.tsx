import type { Project } from '@nuage/shared/api-types';
import { useId } from 'react';
import { Select } from '@/components/ui/input';

/** Narrows the list to one project (shown when the user belongs to several). */
export function ProjectFilter({
  projects,
  value,
  onChange,
}: {
  projects: Project[];
  value: string;
  onChange(projectId: string): void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Projet
      </label>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-auto max-w-full min-w-48"
      >
        <option value="">Tous les projets</option>
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.nom}
          </option>
        ))}
      </Select>
    </div>
  );
}
