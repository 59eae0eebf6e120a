import { projectErrors } from '@nuage/shared/messages';
import { databaseEngines } from '@nuage/shared/database-engines';
import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { useQuery } from '@tanstack/react-query';
import { Link2, Unlink } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { deploymentsQueryOptions } from '@/lib/deployments-query';
import { notify } from '@/lib/toast';
import { useLinkApplication, useUnlinkApplication } from '../api/links';
import { databaseTexts } from '@nuage/shared/messages/databases';

/**
 * The applications that receive the connection string, and linking another one of the same
 * environment (built from code or any image: those run the user's variables).
 */
export function LinksCard({
  database: d,
  canManage,
}: {
  database: DatabaseResource;
  canManage: boolean;
}) {
  const apps = useQuery({
    ...deploymentsQueryOptions(d.environnement_id, projectErrors.load),
    enabled: canManage,
  });
  const link = useLinkApplication();
  const unlink = useUnlinkApplication();
  const [applicationId, setApplicationId] = useState('');
  const [variable, setVariable] = useState('');
  const linked = new Set(d.applications_liees.map((l) => l.application_id));
  const linkable = (apps.data ?? []).filter(
    (a) =>
      a.type_application === 'CODE' && a.statut_deploiement !== 'DELETING' && !linked.has(a.id),
  );
  const defaultVariable = databaseEngines[d.moteur].defaultVariable;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!applicationId) return;
    try {
      const app = linkable.find((a) => a.id === applicationId);
      await link.mutateAsync({
        id: d.id,
        body: { application_id: applicationId, variable: variable.trim() || undefined },
      });
      notify.success(databaseTexts.linked(app?.nom ?? '', variable.trim() || defaultVariable));
      setApplicationId('');
      setVariable('');
    } catch {
      // the API client has shown the error toast
    }
  };

  return (
    <Card role="region" aria-labelledby="links-title">
      <CardHeader
        title={
          <span id="links-title" className="inline-flex items-center gap-2">
            <Link2 className="size-4 text-blue-600 dark:text-blue-400" aria-hidden="true" />
            {t.linked}
          </span>
        }
        description={t.variableHelp}
      />
      <CardBody className="space-y-4 py-2">
        {d.applications_liees.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t.noLinks}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {d.applications_liees.map((l) => (
              <li
                key={l.application_id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <span className="min-w-0">
                  <Link
                    to={`/deployment/${l.application_id}`}
                    className="font-medium hover:text-blue-600 hover:underline"
                  >
                    {l.application_nom}
                  </Link>{' '}
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs dark:bg-slate-800">
                    {l.variable}
                  </code>
                </span>
                {canManage && (
                  <Button
                    size="sm"
                    variant="outline"
                    loading={
                      unlink.isPending && unlink.variables?.applicationId === l.application_id
                    }
                    onClick={() =>
                      void unlink
                        .mutateAsync({ id: d.id, applicationId: l.application_id })
                        .then(() => notify.success(databaseTexts.unlinked(l.application_nom)))
                        .catch(() => undefined)
                    }
                  >
                    <Unlink className="size-4" aria-hidden="true" /> {t.unlink}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canManage &&
          (linkable.length === 0 ? (
            <p className="pb-2 text-sm text-slate-500 dark:text-slate-400">{t.noLinkable}</p>
          ) : (
            <form onSubmit={(e) => void submit(e)} aria-label={t.link} className="space-y-3 pb-2">
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField label={t.link}>
                  <Select value={applicationId} onChange={(e) => setApplicationId(e.target.value)}>
                    <option value="">{t.chooseApplication}</option>
                    {linkable.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.nom}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <FormField label={t.variable}>
                  <Input
                    autoComplete="off"
                    placeholder={defaultVariable}
                    value={variable}
                    onChange={(e) => setVariable(e.target.value)}
                  />
                </FormField>
              </div>
              <div className="flex justify-end">
                <Button type="submit" disabled={!applicationId} loading={link.isPending}>
                  {t.linkSubmit}
                </Button>
              </div>
            </form>
          ))}
      </CardBody>
    </Card>
  );
}
