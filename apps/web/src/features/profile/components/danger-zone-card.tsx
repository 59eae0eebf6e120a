import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DeleteAccountModal } from './delete-account-modal';

export function DangerZoneCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-red-200 dark:border-red-900/60">
      <CardHeader title={<span className="text-red-600 dark:text-red-400">Zone de danger</span>} />
      <CardBody className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          La suppression du compte est définitive : vos données ne pourront pas être récupérées.
        </p>
        <Button variant="danger" onClick={() => setOpen(true)}>
          <Trash2 className="size-4" aria-hidden="true" /> Supprimer mon compte
        </Button>
      </CardBody>
      <DeleteAccountModal open={open} onOpenChange={setOpen} />
    </Card>
  );
}
