import type { Project } from '@nuage/shared/api-types';
import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { RoleBadge } from './role-badge';

/** SPEC §2 project info: id, name, description, creation date (and the caller's role). */
export function ProjectInfoCard({ project }: { project: Project }) {
  return (
    <Card>
      <CardHeader title="Informations" />
      <CardBody>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Item label="Nom">{project.nom}</Item>
          <Item label="Identifiant">
            {/* SPEC §2: the id support asks for, copied as it is beside the name. */}
            <span data-verbatim className="font-mono text-xs break-all">
              {project.id}
            </span>
          </Item>
          <Item label="Description" wide>
            {project.description || (
              <span className="text-slate-500 italic dark:text-slate-400">Aucune description</span>
            )}
          </Item>
          <Item label="Créé le">{formatDate(project.date_creation)}</Item>
          <Item label="Votre rôle">
            <RoleBadge role={project.role_projet} />
          </Item>
        </dl>
      </CardBody>
    </Card>
  );
}

function Item({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 font-medium whitespace-pre-line">{children}</dd>
    </div>
  );
}
