import { Pencil } from 'lucide-react';
import { useState } from 'react';
import type { UserProfile } from '@nuage/shared/schemas/users';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PendingEmailNotice } from './pending-email-notice';
import { ProfileForm } from './profile-form';

/** First name, last name and e-mail, read or edited in place (SPEC §2 Profile). */
export function ProfileDetailsCard({ user }: { user: UserProfile }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader
        title="Informations personnelles"
        description="Votre nom et l’adresse email utilisée pour vous connecter."
        actions={
          !editing && (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden="true" /> Modifier
            </Button>
          )
        }
      />
      <CardBody>
        {editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Prénom" value={user.prenom} />
            <Detail label="Nom" value={user.nom} />
            <Detail label="Adresse email" value={user.email} className="sm:col-span-2" />
          </dl>
        )}
        {user.email_en_attente && (
          <PendingEmailNotice user={{ ...user, email_en_attente: user.email_en_attente }} />
        )}
      </CardBody>
    </Card>
  );
}

function Detail({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1 text-sm font-medium break-words">{value}</dd>
    </div>
  );
}
