import { DropdownMenu } from 'radix-ui';
import { ChevronDown, LogOut, User } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useAuth, useUser } from '@/lib/auth';

export function initials(prenom: string, nom: string) {
  return `${prenom.charAt(0)}${nom.charAt(0)}`.toUpperCase();
}

/** First name, last name and e-mail; Profil; 'Se déconnecter' (SPEC §2). */
export function UserMenu() {
  const user = useUser();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
        data-testid="user-menu"
      >
        {/* The accessible name contains the visible first name (WCAG 2.5.3 "label in name"). */}
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-blue-600 text-xs font-semibold text-white"
        >
          {initials(user.prenom, user.nom)}
        </span>
        <span className="hidden font-medium lg:inline">{user.prenom}</span>
        <span className="sr-only">Menu utilisateur</span>
        <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="px-3 py-2">
            <p className="text-sm font-semibold">
              {user.prenom} {user.nom}
            </p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item asChild>
            <Link
              to="/profile"
              className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800"
            >
              <User className="size-4" aria-hidden="true" /> Profil
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => {
              void signOut().then(() => navigate('/login'));
            }}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-red-600 outline-none data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-red-950/40"
          >
            <LogOut className="size-4" aria-hidden="true" /> Se déconnecter
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
