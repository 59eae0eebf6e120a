import { PRODUCT_NAME } from '@nuage/shared/product';
import { LogoMark } from '@/components/ui/logo-mark';

/** The logo as a plain link to /: the landing also runs without the SPA's router. */
export function BrandLink() {
  return (
    <a
      href="/"
      className="inline-flex shrink-0 items-center gap-2 rounded-lg font-bold text-slate-900 dark:text-white"
    >
      <LogoMark />
      <span className="text-lg tracking-tight">{PRODUCT_NAME}</span>
    </a>
  );
}
