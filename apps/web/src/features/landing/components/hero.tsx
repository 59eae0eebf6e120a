import { MONEY_BACK_GUARANTEE_DAYS } from '@nuage/shared/plans';
import { PRODUCT_TAGLINE } from '@nuage/shared/product';
import { ArrowRight, Check, Play } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { HeroIllustration } from './hero-illustration';

const reassurances = [
  'Domaine offert',
  'Migration gratuite',
  `Satisfait ou remboursé ${MONEY_BACK_GUARANTEE_DAYS} jours`,
];

/** The tagline's second half is highlighted: "Simplifier le cloud, | amplifier votre business". */
function Tagline() {
  const cut = PRODUCT_TAGLINE.indexOf(', ');
  if (cut < 0) return <>{PRODUCT_TAGLINE}</>;
  return (
    <>
      {PRODUCT_TAGLINE.slice(0, cut + 1)}{' '}
      <span className="bg-gradient-to-r from-blue-600 to-cyan-700 bg-clip-text text-transparent dark:from-blue-400 dark:to-cyan-300">
        {PRODUCT_TAGLINE.slice(cut + 2)}
      </span>
    </>
  );
}

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute -top-48 -left-40 -z-10 size-[36rem] rounded-full bg-blue-200/60 blur-3xl dark:bg-blue-900/30"
      />
      <div
        aria-hidden="true"
        className="absolute -right-40 -bottom-40 -z-10 size-[32rem] rounded-full bg-cyan-200/50 blur-3xl dark:bg-cyan-900/20"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8 lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-blue-200 bg-white/70 px-3 py-1 text-xs font-medium text-blue-800 sm:text-sm dark:border-blue-900 dark:bg-slate-900/70 dark:text-blue-200">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
            Conçu pour l’Afrique de l’Ouest · prix en XOF
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl dark:text-white"
          >
            <Tagline />
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-slate-600 dark:text-slate-300">
            Mettez en ligne votre site, votre boutique ou votre ERP en quelques minutes, sans
            administrer de serveur. Certificats SSL, protection DDoS et mise à l’échelle automatique
            sont inclus&nbsp;: vous vous occupez de vos clients, NuageDeploy s’occupe du reste.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <a
              href="/register"
              className={cn(buttonClasses('primary', 'lg'), 'shadow-lg shadow-blue-600/25')}
            >
              Commencer
              <ArrowRight className="size-5" aria-hidden="true" />
            </a>
            {/* SPEC §2: the demo button has no behaviour yet; it says so instead of looking broken. */}
            <button
              type="button"
              aria-disabled="true"
              className="inline-flex h-12 cursor-default items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-6 text-base font-medium text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            >
              <Play className="size-5" aria-hidden="true" />
              Voir la démo
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                Bientôt
              </span>
            </button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
            {reassurances.map((text) => (
              <li key={text} className="inline-flex items-center gap-2">
                <Check
                  className="size-4 text-emerald-600 dark:text-emerald-400"
                  aria-hidden="true"
                />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
