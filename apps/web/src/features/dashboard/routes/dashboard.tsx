import { PageHeader } from '@/components/ui/page-header';
import { useUser } from '@/lib/auth';

export default function DashboardRoute() {
  const user = useUser();
  return (
    <div>
      <PageHeader
        title={`Bienvenue, ${user.prenom} !`}
        description="Voici un aperçu de vos projets et de vos déploiements."
      />
    </div>
  );
}
