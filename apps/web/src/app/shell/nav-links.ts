import {
  Activity,
  Boxes,
  FolderKanban,
  LayoutDashboard,
  Rocket,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';

/** The signed-in top links of SPEC §2, in order. */
export const navLinks: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/projects', label: 'Projets', icon: FolderKanban },
  { to: '/deployments', label: 'Déploiements', icon: Rocket },
  { to: '/built-images', label: 'Images', icon: Boxes },
  { to: '/status', label: 'Status', icon: Activity },
  { to: '/certificates', label: 'Certificats', icon: ShieldCheck },
];
