import { auditCategories } from '@nuage/shared/audit-actions';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import type { AuditFilters } from '../api/get-audit';

/** Category, member and date range; every change reloads the log from its newest entry. */
export function AuditFiltersBar({
  value,
  actors,
  onChange,
}: {
  value: AuditFilters;
  actors: { id: string; nom: string }[];
  onChange(next: AuditFilters): void;
}) {
  const set = (key: keyof AuditFilters, v: string) => onChange({ ...value, [key]: v || undefined });
  return (
    <div
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      role="search"
      aria-label="Filtres du journal"
    >
      <FormField label="Catégorie">
        <Select value={value.categorie ?? ''} onChange={(e) => set('categorie', e.target.value)}>
          <option value="">Toutes</option>
          {Object.entries(auditCategories).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Membre">
        <Select value={value.acteur ?? ''} onChange={(e) => set('acteur', e.target.value)}>
          <option value="">Tous</option>
          {actors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.nom}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Depuis le">
        <Input
          type="date"
          value={value.depuis ?? ''}
          onChange={(e) => set('depuis', e.target.value)}
        />
      </FormField>
      <FormField label="Jusqu’au">
        <Input
          type="date"
          value={value.jusqua ?? ''}
          onChange={(e) => set('jusqua', e.target.value)}
        />
      </FormField>
    </div>
  );
}
