import { PRODUCT_NAME } from '@nuage/shared/product';
import { Link } from 'react-router';
import { cn } from './cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      className={cn('size-8', className)}
      role="img"
      aria-label={`Logo ${PRODUCT_NAME}`}
    >
      <rect width="32" height="32" rx="8" fill="#2563eb" />
      <path d="M10 21h12a4 4 0 0 0 .6-7.96A6 6 0 0 0 11.2 12.6 4.2 4.2 0 0 0 10 21z" fill="#fff" />
    </svg>
  );
}

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
