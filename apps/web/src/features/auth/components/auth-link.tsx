import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The blue text link used between authentication screens. */
export function AuthLink({
  to,
  children,
  state,
}: {
  to: string;
  children: ReactNode;
  state?: unknown;
}) {
  return (
    <Link
      to={to}
      state={state}
      className="font-medium text-blue-600 hover:underline dark:text-blue-400"
    >
      {children}
    </Link>
  );
}
