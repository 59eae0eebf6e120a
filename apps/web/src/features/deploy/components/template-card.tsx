import { COMING_SOON } from '@nuage/shared/catalog';
import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/**
 * One template of step 3: selectable ones offer 'Choisir' / 'Sélectionné'; the others are
 * greyed with 'Arrive bientôt' and a disabled 'Non disponible' (SPEC §2).
 */
export function TemplateCard({
  id,
  name,
  category,
  description,
  details,
  available,
  selected,
  onSelect,
}: {
  id: string;
  name: string;
  category?: string;
  description: string;
  details?: string;
  available: boolean;
  selected: boolean;
  onSelect(): void;
}) {
  const titleId = `template-${id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col rounded-xl border-2 p-4 transition-colors',
        selected
          ? 'border-blue-600 bg-blue-50 dark:bg-blue-950/40'
          : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900',
        !available && 'bg-slate-50 opacity-60 dark:bg-slate-900/60',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-base font-semibold">
          {name}
        </h3>
        {category && <Badge tone="blue">{category}</Badge>}
        {!available && <Badge tone="yellow">{COMING_SOON}</Badge>}
      </div>
      <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      {details && <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{details}</p>}
      <div className="mt-4">
        {available ? (
          <Button
            variant={selected ? 'primary' : 'outline'}
            size="sm"
            className="w-full"
            aria-pressed={selected}
            onClick={onSelect}
          >
            {selected && <Check className="size-4" aria-hidden="true" />}
            {selected ? 'Sélectionné' : 'Choisir'}
          </Button>
        ) : (
          <Button variant="secondary" size="sm" className="w-full" disabled>
            Non disponible
          </Button>
        )}
      </div>
    </article>
  );
}
