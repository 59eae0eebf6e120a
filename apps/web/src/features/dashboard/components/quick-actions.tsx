import {
  Activity,
  ArrowRight,
  FolderKanban,
  Plus,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';

interface QuickAction {
  title: string;
  description: string;
  to: string;
  action: string;
  icon: LucideIcon;
  accent: string;
}

/** SPEC §2: Projets ('Gérer'), Status ('Voir Status'), Certificats, Nouveau ('Commencer'). */
const actions: QuickAction[] = [
  {
    title: 'Projets',
    description: 'Vos projets, leurs quotas et leurs membres.',
    to: '/projects',
    action: 'Gérer',
    icon: FolderKanban,
    accent: 'bg-blue-100 text-blue-700 dark:bg-blue-900/50 dark:text-blue-300',
  },
  {
    title: 'Status',
    description: 'L’état de chaque environnement et application.',
    to: '/status',
    action: 'Voir Status',
    icon: Activity,
    accent: 'bg-green-100 text-green-700 dark:bg-green-900/50 dark:text-green-300',
  },
  {
    title: 'Certificats',
    description: 'Les certificats TLS de vos domaines.',
    to: '/certificates',
    action: 'Ouvrir',
    icon: ShieldCheck,
    accent: 'bg-violet-100 text-violet-700 dark:bg-violet-900/50 dark:text-violet-300',
  },
  {
    title: 'Nouveau',
    description: 'Créez un projet puis déployez une application.',
    to: '/projects',
    action: 'Commencer',
    icon: Plus,
    accent: 'bg-amber-100 text-amber-700 dark:bg-amber-900/50 dark:text-amber-300',
  },
];

export function QuickActions() {
  return (
    <section
      aria-label="Actions rapides"
      className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
    >
      {actions.map(({ title, description, to, action, icon: Icon, accent }) => (
        <Card key={title} className="flex flex-col p-4 sm:p-5">
          <div className="flex items-center gap-2 sm:gap-3">
            <span
              className={`flex size-9 shrink-0 items-center justify-center rounded-lg sm:size-10 ${accent}`}
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h2 className="min-w-0 truncate text-sm font-semibold sm:text-base">{title}</h2>
          </div>
          <p className="mt-2 hidden flex-1 text-sm text-slate-500 sm:block dark:text-slate-400">
            {description}
          </p>
          <Link
            to={to}
            className="mt-auto inline-flex items-center gap-1 pt-3 text-sm font-medium text-blue-600 hover:underline dark:text-blue-400"
            aria-label={`${action} : ${title}`}
          >
            {action} <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </Card>
      ))}
    </section>
  );
}
