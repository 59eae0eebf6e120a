import { Check } from 'lucide-react';
import { platforms, sectionIds } from '../content';
import { SectionHeading } from './section-heading';

export function Platforms() {
  return (
    <section
      id={sectionIds.platforms}
      aria-labelledby="platforms-title"
      className="scroll-mt-32 py-20 sm:py-24 lg:scroll-mt-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="platforms-title"
          eyebrow="Plateformes"
          title="Là où votre activité en a besoin"
        >
          Du serveur unique au cluster Kubernetes, vos applications tournent sur l’infrastructure
          qui vous convient, avec la même simplicité.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {platforms.map(({ icon: Icon, kicker, title, text, points }) => (
            <li
              key={title}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md sm:p-8 dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-blue-600 text-white shadow-lg shadow-blue-600/25">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <p className="mt-6 text-sm font-medium text-blue-700 dark:text-blue-400">{kicker}</p>
              <h3 className="mt-1 text-xl font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-3 text-slate-600 dark:text-slate-300">{text}</p>
              <ul className="mt-6 space-y-2 border-t border-slate-100 pt-6 text-sm dark:border-slate-800">
                {points.map((point) => (
                  <li key={point} className="flex gap-2 text-slate-700 dark:text-slate-300">
                    <Check
                      className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                      aria-hidden="true"
                    />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
