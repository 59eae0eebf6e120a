import { LogOut, Menu, User, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { cn } from '@/components/ui/cn';
import { Logo } from '@/components/ui/logo';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useAuth, useUser } from '@/lib/auth';
import { navLinks } from './nav-links';
import { OperatorSettings } from './operator-settings';
import { PlatformProblems } from './platform-problems';
import { SimulationBanner } from './simulation-banner';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { UserMenu } from './user-menu';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-blue-50 text-blue-700 dark:bg-blue-950/60 dark:text-blue-300'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );

/** The signed-in frame: top links, user menu, theme toggle, collapsible mobile menu. */
export default function AppShell() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    // Navigating closes the mobile menu.
    setLastPath(location.pathname);
    setMobileOpen(false);
  }

  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
          <Logo />
          <nav
            aria-label="Navigation principale"
            className="ml-4 hidden flex-1 items-center gap-1 md:flex"
          >
            {navLinks.map(({ to, label, icon: Icon }) => (
              <NavLink key={to} to={to} end={to === '/deployments'} className={linkClasses}>
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <NotificationBell />
            <ThemeToggle />
            <div className="hidden md:block">
              <UserMenu />
            </div>
            <button
              type="button"
              className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-slate-100 md:hidden dark:hover:bg-slate-800"
              aria-label={mobileOpen ? 'Fermer le menu' : 'Ouvrir le menu'}
              aria-expanded={mobileOpen}
              aria-controls="mobile-menu"
              onClick={() => setMobileOpen((o) => !o)}
            >
              {mobileOpen ? (
                <X className="size-5" aria-hidden="true" />
              ) : (
                <Menu className="size-5" aria-hidden="true" />
              )}
            </button>
          </div>
        </div>
        {mobileOpen && <MobileMenu />}
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        {/* On every signed-in page, so no screen can be taken for a real deployment. */}
        <SimulationBanner className="mb-6" />
        <PlatformProblems className="mb-6" />
        <OperatorSettings className="mb-6" />
        <Outlet />
      </main>
    </div>
  );
}

function MobileMenu() {
  const user = useUser();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <nav
      id="mobile-menu"
      aria-label="Menu mobile"
      className="border-t border-slate-200 px-4 py-3 md:hidden dark:border-slate-800"
    >
      <div className="space-y-1">
        {navLinks.map(({ to, label, icon: Icon }) => (
          <NavLink key={to} to={to} end={to === '/deployments'} className={linkClasses}>
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </div>
      <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
        <p className="px-3 text-sm font-semibold">
          {user.prenom} {user.nom}
        </p>
        <p className="px-3 text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
        <Link to="/profile" className={linkClasses({ isActive: false })}>
          <User className="size-4" aria-hidden="true" /> Profil
        </Link>
        <button
          type="button"
          className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
          onClick={() => {
            void signOut().then(() => navigate('/login'));
          }}
        >
          <LogOut className="size-4" aria-hidden="true" /> Se déconnecter
        </button>
      </div>
    </nav>
  );
}
