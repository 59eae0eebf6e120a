import { ArrowLeft, SearchX } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** SPEC §2: a not-found state with a Back action (the previous page, else the dashboard). */
export function DeploymentNotFound() {
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is the key of the first entry: nothing to go back to in this tab.
  const back = () => (location.key === 'default' ? navigate('/dashboard') : navigate(-1));
  return (
    <EmptyState
      icon={SearchX}
      title="Déploiement non trouvé"
      description="Cette application n'existe pas, a été supprimée, ou vous n'êtes pas membre de son projet."
      action={
        <Button variant="outline" onClick={back}>
          <ArrowLeft className="size-4" aria-hidden="true" /> Retour
        </Button>
      }
    />
  );
}
