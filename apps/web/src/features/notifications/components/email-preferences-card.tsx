import { choosableEvents, notificationEvents } from '@nuage/shared/notification-events';
import { useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '@nuage/shared/schemas/responses/notifications';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { notify } from '@/lib/toast';
import { preferencesQueryOptions, useSavePreferences } from '../api/preferences';
import { toggle } from './channel-form';
import { CheckboxList } from './checkbox-list';

/**
 * /profile: which events this user receives by e-mail when an admin adds them to an e-mail
 * channel (unticked: not mailed), and the mail on a sign-in from a new device.
 */
export function EmailPreferencesCard() {
  const prefs = useQuery(preferencesQueryOptions());
  return (
    <Card role="region" aria-labelledby="email-prefs-title">
      <CardHeader
        title={<span id="email-prefs-title">Notifications par e-mail</span>}
        description="Les événements que vous recevez par e-mail quand un administrateur vous ajoute à un canal e-mail de son projet."
      />
      <CardBody className="space-y-4">
        {prefs.isPending ? (
          <Spinner />
        ) : prefs.isError ? (
          <p className="text-sm text-red-600 dark:text-red-400">{prefs.error.message}</p>
        ) : (
          <PreferencesForm saved={prefs.data} />
        )}
      </CardBody>
    </Card>
  );
}

/** Starts from what is saved (mounted once it is loaded). */
function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const save = useSavePreferences();
  const [wanted, setWanted] = useState<string[]>(() =>
    choosableEvents.filter((e) => !saved.email_muets.includes(e)),
  );
  const [newDevice, setNewDevice] = useState(saved.nouvel_appareil);

  const submit = () =>
    save.mutate(
      {
        email_muets: choosableEvents.filter((e) => !wanted.includes(e)),
        nouvel_appareil: newDevice,
      },
      { onSuccess: () => notify.success('Préférences enregistrées') },
    );

  return (
    <>
      <CheckboxList
        legend="Événements reçus"
        columns
        options={choosableEvents.map((e) => ({ value: e, label: notificationEvents[e].label }))}
        selected={wanted}
        onToggle={(v) => setWanted(toggle(wanted, v))}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={newDevice}
          onChange={(e) => setNewDevice(e.target.checked)}
        />
        M’écrire quand mon compte est ouvert depuis un nouvel appareil
      </label>
      <Button size="sm" onClick={submit} disabled={save.isPending}>
        {save.isPending ? 'Enregistrement…' : 'Enregistrer mes préférences'}
      </Button>
    </>
  );
}
