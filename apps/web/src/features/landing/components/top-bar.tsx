import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { navLinks } from '../content';
import { BrandLink } from './brand-link';

/**
 * Sticky top bar. Below `lg` the section links wrap to a second, scrollable row instead of
 * hiding behind a menu button, so they work before any JavaScript has run.
 */
export function TopBar() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur-md dark:border-slate-800/80 dark:bg-slate-950/90">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-2 px-3 sm:px-6 lg:px-8">
        <div className="flex h-16 items-center">
          <BrandLink />
        </div>
        <nav
          aria-label="Sections de la page"
          className="order-last -mx-3 w-[calc(100%+1.5rem)] overflow-x-auto border-t border-slate-200/80 px-2 py-1.5 sm:-mx-6 sm:w-[calc(100%+3rem)] sm:px-4 lg:order-none lg:mx-0 lg:w-auto lg:border-0 lg:p-0 dark:border-slate-800/80"
        >
          <ul className="flex items-center gap-1">
            {navLinks.map((link) => (
              <li key={link.id}>
                <a
                  href={`#${link.id}`}
                  className="block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex h-16 items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <a
            href="/login"
            className="inline-flex h-10 items-center rounded-lg px-2.5 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 sm:px-4 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            Se connecter
          </a>
          <a href="/register" className={cn(buttonClasses('primary', 'md'), 'max-sm:hidden')}>
            Commencer
          </a>
        </div>
      </div>
    </header>
  );
}
