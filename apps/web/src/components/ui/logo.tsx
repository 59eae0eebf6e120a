import { PRODUCT_NAME } from '@nuage/shared/product';
import { Link } from 'react-router';
import { cn } from './cn';
import { LogoMark } from './logo-mark';

/** The logo links to / (SPEC §2). */
export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 font-bold text-slate-900 dark:text-white',
        className,
      )}
    >
      <LogoMark />
      <span className="text-lg tracking-tight">{PRODUCT_NAME}</span>
    </Link>
  );
}
