import { upgradesOf } from '@nuage/shared/database-versions';
import { databaseUpgradeTexts as t } from '@nuage/shared/messages/database-upgrades';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/lib/toast';
import { databaseEnginesQueryOptions } from '../api/databases-query';
import { useUpgradeDatabase } from '../api/upgrade-database';

/**
 * « Mise à jour disponible » when the operator offers a newer version of the database's major
 * (issue 25 item 4): the same rule as the API's (database-versions.ts), so what is offered is
 * what the server accepts. Nothing is shown when there is none, or to a viewer.
 */
export function VersionUpgrade({
  database: d,
  canManage,
}: {
  database: DatabaseResource;
  canManage: boolean;
}) {
  const engines = useQuery({ ...databaseEnginesQueryOptions(), enabled: canManage });
  const upgrade = useUpgradeDatabase();
  const [open, setOpen] = useState(false);
  const offered = engines.data?.find((e) => e.id === d.moteur)?.versions ?? [];
  const upgrades = upgradesOf(d.moteur, d.version, offered);
  const [chosen, setChosen] = useState<string | null>(null);
  if (!canManage || d.arretee || upgrades.length === 0) return null;
  const target = chosen && upgrades.includes(chosen) ? chosen : upgrades[0]!;

  return (
    <>
      <Notice tone="info" title={t.available} className="mb-2">
        <p>
          {d.version} → {upgrades[0]}
        </p>
        <Button size="sm" variant="outline" className="mt-2" onClick={() => setOpen(true)}>
          {t.action}
        </Button>
      </Notice>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t.confirmTitle}
        confirmLabel={t.confirm}
        confirmVariant="primary"
        pending={upgrade.isPending}
        onConfirm={() =>
          void upgrade
            .mutateAsync({ id: d.id, version: target })
            .then(() => {
              notify.success(t.started(target));
              setOpen(false);
            })
            .catch(() => setOpen(false))
        }
      >
        {upgrades.length > 1 && (
          <FormField label={t.target}>
            <Select value={target} onChange={(e) => setChosen(e.target.value)}>
              {upgrades.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </Select>
          </FormField>
        )}
        <p>{t.confirmBody(d.version, target)}</p>
      </ConfirmDialog>
    </>
  );
}
