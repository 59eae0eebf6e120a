import { inform } from '@/lib/toast';

const linkClasses =
  'font-medium text-blue-600 underline-offset-2 hover:underline dark:text-blue-400 focus-visible:underline';

/** Terms and privacy: SPEC gives them no destination yet, so they say so instead of leaving. */
export function LegalLinks() {
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400">
      En créant un compte, vous acceptez nos{' '}
      <button
        type="button"
        className={linkClasses}
        onClick={() => inform('Les conditions d’utilisation seront bientôt disponibles.')}
      >
        conditions d’utilisation
      </button>{' '}
      et notre{' '}
      <button
        type="button"
        className={linkClasses}
        onClick={() => inform('La politique de confidentialité sera bientôt disponible.')}
      >
        politique de confidentialité
      </button>
      .
    </p>
  );
}
