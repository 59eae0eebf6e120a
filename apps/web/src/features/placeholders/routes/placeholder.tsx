import { Construction } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** A screen whose content arrives with a later issue: the shell and its heading. */
export function placeholderRoute(title: string) {
  return function PlaceholderRoute() {
    return (
      <div>
        <PageHeader title={title} />
        <EmptyState
          icon={Construction}
          title="Cet écran arrive bientôt"
          description="Cette partie de la plateforme est en cours de construction."
        />
      </div>
    );
  };
}
