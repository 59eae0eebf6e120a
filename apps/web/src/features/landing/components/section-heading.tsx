import type { ReactNode } from 'react';

/** Eyebrow, h2 and introduction shared by every section; the h2's id labels its section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">
        {eyebrow}
      </p>
      <h2
        id={id}
        className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white"
      >
        {title}
      </h2>
      {children && (
        <p className="mt-4 text-lg text-pretty text-slate-600 dark:text-slate-300">{children}</p>
      )}
    </div>
  );
}
