import { features, sectionIds, stats } from '../content';
import { SectionHeading } from './section-heading';

export function Features() {
  return (
    <section
      id={sectionIds.features}
      aria-labelledby="features-title"
      className="scroll-mt-32 py-20 sm:py-24 lg:scroll-mt-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow="L’offre"
          title="Tout est inclus, dès la première formule"
        >
          Performances, sécurité et accompagnement : l’essentiel pour faire tourner votre entreprise
          en ligne, sans mauvaise surprise.
        </SectionHeading>
        <ul className="mt-14 grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 lg:grid-cols-4 dark:border-slate-800 dark:bg-slate-800">
          {stats.map(({ prefix, value, label }) => (
            <li key={label} className="bg-white p-5 sm:p-6 dark:bg-slate-900">
              <p className="text-2xl font-bold tracking-tight text-blue-700 sm:text-3xl dark:text-blue-400">
                <span className="block min-h-4 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                  {prefix}
                </span>
                {value}
              </p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{label}</p>
            </li>
          ))}
        </ul>
        <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
                <p className="mt-1 text-slate-600 dark:text-slate-300">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
