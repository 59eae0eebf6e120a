import { PRODUCT_NAME } from '@nuage/shared/product';
import { cn } from './cn';

/**
 * The cloud mark alone. Its own module, free of react-router, so the light landing entry can
 * use it without pulling the router into its bundle.
 */
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
