import { roleLabels, type ProjectRole } from '@nuage/shared/roles';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<ProjectRole, BadgeTone> = { admin: 'purple', developer: 'blue', user: 'grey' };

export function RoleBadge({ role }: { role: ProjectRole }) {
  return <Badge tone={tones[role]}>{roleLabels[role]}</Badge>;
}
