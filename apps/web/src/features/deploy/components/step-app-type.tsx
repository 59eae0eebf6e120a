import { composeFormTexts } from '@nuage/shared/messages/compose';
import { Code2, Layers, Package } from 'lucide-react';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import type { WizardForm } from './wizard-form';

/**
 * Step 1: SaaS (a ready-made application) or Code (the user's Git repository, issue 13); a
 * Docker Compose file (issue 30 item 2) is pasted on its environment's page, where this leads.
 */
export function StepAppType({ form }: { form: WizardForm }) {
  const environmentId = useWatch({ control: form.control, name: 'environment_id' });
  return (
    <fieldset className="space-y-4">
      <legend className="mb-4 text-lg font-semibold">Quel type d'application déployer ?</legend>
      <div className="grid gap-4 md:grid-cols-2">
        <TypeOption
          icon={<Package className="size-6" aria-hidden="true" />}
          title="SaaS"
          description="Applications prêtes à l'emploi (WordPress, Odoo…) avec leur base de données, déployées en un clic."
        >
          <input type="radio" value="saas" className="size-4" {...form.register('app_type')} />
        </TypeOption>
        <TypeOption
          icon={<Code2 className="size-6" aria-hidden="true" />}
          title="Code"
          description="Votre code depuis un dépôt Git : React, Vue.js, Node.js, Python, PHP, Java. Construit, déployé, puis redéployé à chaque push."
        >
          <input type="radio" value="code" className="size-4" {...form.register('app_type')} />
        </TypeOption>
      </div>
      <ComposeOption environmentId={environmentId || null} />
    </fieldset>
  );
}

function TypeOption({
  icon,
  title,
  description,
  badge,
  disabled = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  badge?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex gap-4 rounded-xl border-2 p-5 transition-colors',
        disabled
          ? 'cursor-not-allowed border-slate-200 bg-slate-50 opacity-60 dark:border-slate-800 dark:bg-slate-900/60'
          : 'cursor-pointer border-slate-200 bg-white hover:border-blue-400 has-checked:border-blue-600 has-checked:bg-blue-50 dark:border-slate-700 dark:bg-slate-900 dark:has-checked:bg-blue-950/40',
      )}
    >
      <span className="mt-1">{children}</span>
      <span className="space-y-1">
        <span className="flex flex-wrap items-center gap-2 text-base font-semibold">
          <span className="text-blue-600 dark:text-blue-400">{icon}</span>
          {title}
          {badge && <Badge tone="yellow">{badge}</Badge>}
        </span>
        <span className="block text-sm text-slate-600 dark:text-slate-400">{description}</span>
      </span>
    </label>
  );
}

/** Docker Compose: the environment's page has its form (the file, the exposed service). */
function ComposeOption({ environmentId }: { environmentId: string | null }) {
  const body = (
    <span className="space-y-1">
      <span className="flex flex-wrap items-center gap-2 text-base font-semibold">
        <Layers className="size-6 text-blue-600 dark:text-blue-400" aria-hidden="true" />
        {composeFormTexts.wizardTitle}
        {!environmentId && <Badge tone="grey">{composeFormTexts.wizardFromEnvironment}</Badge>}
      </span>
      <span className="block text-sm text-slate-600 dark:text-slate-400">
        {composeFormTexts.wizardDescription}
      </span>
    </span>
  );
  const classes =
    'flex gap-4 rounded-xl border-2 border-dashed border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';
  return environmentId ? (
    <Link
      to={`/deployments/${encodeURIComponent(environmentId)}?compose=1`}
      className={cn(classes, 'hover:border-blue-400')}
    >
      {body}
    </Link>
  ) : (
    <div className={classes}>{body}</div>
  );
}
