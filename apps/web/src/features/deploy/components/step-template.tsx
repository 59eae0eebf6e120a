import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Input, Select } from '@/components/ui/input';
import { formatNumber } from '@/lib/format';
import { catalogueTexts as texts } from '@nuage/shared/messages/catalog';
import type { Catalog } from '@nuage/shared/schemas/responses/catalog';
import { categoriesOf, filterCatalogue } from './catalogue-filter';
import { tagVersion } from './tag-version';
import { TemplateCard } from './template-card';
import type { WizardForm } from './wizard-form';

/**
 * A card's small print in the customer's words: the version and the advised resources, never
 * the Docker image's name (issue 33).
 */
const templateDetails = (t: Catalog['saas'][number]) =>
  `Version ${tagVersion(t.tag)} · ${formatNumber(t.default_resources.cpu)} vCPU · ${formatNumber(t.default_resources.ram)} GB de RAM conseillés`;

/** Step 3: the ready-made applications (SaaS path) or the code runtimes (Code path). */
export function StepTemplate({
  form,
  catalog,
  onSelect,
}: {
  form: WizardForm;
  catalog: Catalog;
  onSelect(templateId: string): void;
}) {
  const [selected, appType] = useWatch({
    control: form.control,
    name: ['template_type', 'app_type'],
  });
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  if (appType === 'code') {
    return (
      <section aria-labelledby="code-templates" className="space-y-4">
        <div>
          <h2 id="code-templates" className="text-lg font-semibold">
            Code
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Le langage de votre dépôt : la construction est détectée (npm, pip, Maven…) ou suit
            votre Dockerfile s'il y en a un.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {catalog.code.map((t) => (
            <TemplateCard
              key={t.id}
              id={`code-${t.id}`}
              name={t.name}
              description={t.description}
              available={t.available}
              selected={selected === t.id}
              onSelect={() => onSelect(t.id)}
            />
          ))}
        </div>
      </section>
    );
  }
  const shown = filterCatalogue(catalog.saas, { query, category });
  return (
    <div className="space-y-8">
      <section aria-labelledby="saas-templates" className="space-y-4">
        <div>
          <h2 id="saas-templates" className="text-lg font-semibold">
            Applications SaaS
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Préconfigurées avec leur base de données et leur compte administrateur.
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="flex-1 space-y-1 text-sm font-medium">
            <span>{texts.searchLabel}</span>
            <Input
              type="search"
              value={query}
              placeholder={texts.searchPlaceholder}
              onChange={(e) => setQuery(e.target.value)}
            />
          </label>
          <label className="space-y-1 text-sm font-medium sm:w-64">
            <span>{texts.categoryLabel}</span>
            <Select value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">{texts.allCategories}</option>
              {categoriesOf(catalog.saas).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          </label>
        </div>
        <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
          {shown.length === 0 ? texts.noMatch : texts.count(shown.length)}
        </p>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((t) => (
            <TemplateCard
              key={t.id}
              id={t.id}
              name={t.name}
              category={t.category}
              description={t.description}
              details={templateDetails(t)}
              available={t.available}
              selected={selected === t.id}
              onSelect={() => onSelect(t.id)}
            />
          ))}
        </div>
      </section>
    </div>
  );
}
