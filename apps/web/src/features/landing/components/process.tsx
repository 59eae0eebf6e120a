import { Info } from 'lucide-react';
import { CATALOGUE_SIZE, sectionIds, steps } from '../content';
import { SectionHeading } from './section-heading';

export function Process() {
  return (
    <section
      id={sectionIds.process}
      aria-labelledby="process-title"
      className="scroll-mt-32 bg-slate-50 py-20 sm:py-24 lg:scroll-mt-20 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="process-title"
          eyebrow="Comment ça marche"
          title="Du code à la mise en ligne en 4 étapes"
        >
          Plus besoin d’un administrateur système : NuageDeploy automatise tout ce qui se passe
          entre votre dépôt et vos clients.
        </SectionHeading>
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li
              key={title}
              className="relative rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex items-center justify-between">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-blue-50 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="rounded-full border border-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-600 dark:border-slate-700 dark:text-slate-300">
                  Étape {index + 1}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{text}</p>
            </li>
          ))}
        </ol>
        <p className="mx-auto mt-10 flex w-fit max-w-2xl items-start gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          <Info
            className="mt-0.5 size-4 shrink-0 text-blue-700 dark:text-blue-400"
            aria-hidden="true"
          />
          <span>
            Votre code React, Vue.js, Node.js, Python, PHP ou Java est construit depuis son dépôt
            Git (GitHub, GitLab, Gitea), puis redéployé à chaque push. WordPress, Odoo, Dolibarr,
            EspoCRM, Nextcloud et les autres applications du catalogue ({CATALOGUE_SIZE} en tout) se
            déploient en un clic.
          </span>
        </p>
      </div>
    </section>
  );
}
