import type { Project } from '@nuage/shared/api-types';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';

/** The project a new certificate belongs to: one of those the user may manage certificates in. */
export function ProjectField({
  projects,
  registration,
  error,
  defaultValue,
}: {
  projects: Project[];
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  defaultValue: string;
}) {
  return (
    <FormField label="Projet" error={error}>
      {/* defaultValue marks the starting option as the default one (see environment-form). */}
      <Select defaultValue={defaultValue} {...registration}>
        <option value="">Choisissez un projet</option>
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.nom}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/** With a single project, it is chosen already. */
export const defaultProjectId = (projects: Project[], preferred?: string) =>
  preferred && projects.some((p) => p.id === preferred)
    ? preferred
    : projects.length === 1
      ? projects[0]!.id
      : '';
