import { landingExample } from '@nuage/shared/landing-example';
import {
  PLATFORM_FEE_RATE,
  PRICE_PER_CPU_MONTH,
  PRICE_PER_GB_RAM_MONTH,
  PRICE_PER_GB_STORAGE_MONTH,
  priceResources,
  toXof,
} from '@nuage/shared/pricing';
import { formatXof } from '@/lib/format';

const wordpress = landingExample;

/**
 * What the plans do not include: the applications' resources, at the one price table of the
 * platform (pricing.ts), the same the deploy wizard and the costs show.
 */
export function ResourcePrices() {
  const smallest = toXof(
    priceResources({ cpu: wordpress.cpu, ram: wordpress.ram, storage: wordpress.storage }).monthly,
  );
  return (
    <div
      aria-labelledby="resource-prices-title"
      role="region"
      className="mx-auto mt-12 max-w-3xl rounded-2xl border border-slate-200 bg-white px-6 py-5 text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200"
    >
      <h3 id="resource-prices-title" className="font-semibold text-slate-900 dark:text-white">
        Plus les ressources de vos applications, au même tarif partout
      </h3>
      <p className="mt-1 text-sm">
        Par mois : {formatXof(toXof(PRICE_PER_CPU_MONTH))} le vCPU,{' '}
        {formatXof(toXof(PRICE_PER_GB_RAM_MONTH))} le Go de RAM,{' '}
        {formatXof(toXof(PRICE_PER_GB_STORAGE_MONTH))} le Go de stockage, plus{' '}
        {Math.round(PLATFORM_FEE_RATE * 100)}&nbsp;% de frais de plateforme. Un site WordPress (
        {wordpress.cpu.toLocaleString('fr-FR')} vCPU, {wordpress.ram.toLocaleString('fr-FR')} Go,{' '}
        {wordpress.storage} Go) : {formatXof(smallest)} par mois. Le prix exact s’affiche avant
        chaque déploiement.
      </p>
    </div>
  );
}
