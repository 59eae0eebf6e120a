import { CircleCheck, Lock } from 'lucide-react';

const logLines = [
  'Dépôt connecté : boutique-awa (main)',
  'Build terminé en 48 s',
  'Tests réussis : 126/126',
  'Certificat SSL émis',
];

/**
 * A drawn deployment log, not a screenshot: one image for assistive technology (role="img"
 * with its description), its parts hidden from it.
 */
export function HeroIllustration() {
  return (
    <div
      role="img"
      aria-label="Illustration : un déploiement NuageDeploy passe du dépôt Git au build, aux tests et au certificat SSL, puis le site est en ligne en 2 min 41 s."
      className="relative mx-auto w-full max-w-lg lg:max-w-none"
    >
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-blue-900/10 dark:border-slate-800 dark:bg-slate-900 dark:shadow-black/40">
        <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3 dark:border-slate-800 dark:bg-slate-950/60">
          <span className="size-3 rounded-full bg-red-400" />
          <span className="size-3 rounded-full bg-amber-400" />
          <span className="size-3 rounded-full bg-emerald-400" />
          <span className="ml-3 truncate text-xs font-medium text-slate-600 dark:text-slate-400">
            boutique-awa · production
          </span>
        </div>
        <div className="space-y-3 p-5 font-mono text-[13px] leading-relaxed sm:p-6 sm:pb-16 sm:text-sm">
          <p className="text-slate-500 dark:text-slate-400">
            <span className="text-blue-600 dark:text-blue-400">$</span> git push origin main
          </p>
          {logLines.map((line) => (
            <p key={line} className="flex items-start gap-2 text-slate-700 dark:text-slate-200">
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
              {line}
            </p>
          ))}
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-emerald-50 px-4 py-3 font-sans dark:bg-emerald-950/40">
            <span className="inline-flex items-center gap-2 text-sm font-semibold text-emerald-800 dark:text-emerald-300">
              <span className="relative flex size-2.5">
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:hidden" />
                <span className="relative inline-flex size-2.5 rounded-full bg-emerald-500" />
              </span>
              En ligne
            </span>
            <span className="inline-flex min-w-0 items-center gap-1.5 text-sm text-slate-700 dark:text-slate-200">
              <Lock className="size-3.5 shrink-0" />
              <span className="truncate">https://boutique-awa.sn</span>
            </span>
          </div>
        </div>
      </div>
      <div className="absolute -bottom-6 -left-2 hidden rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-xl sm:block sm:-left-6 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-xs text-slate-500 dark:text-slate-400">Déployé en</p>
        <p className="text-lg font-bold text-slate-900 dark:text-white">2 min 41 s</p>
      </div>
      <div className="absolute -top-5 -right-2 hidden rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-xl sm:block sm:-right-5 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-xs text-slate-500 dark:text-slate-400">Disponibilité</p>
        <p className="text-lg font-bold text-emerald-700 dark:text-emerald-400">99,9&nbsp;%</p>
      </div>
    </div>
  );
}
