import { parseAllowListEntry, isOpenToWorld } from '@nuage/shared/ip-allow-list';
import { databasePublicTexts as t } from '@nuage/shared/messages/database-public';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { Download, Globe, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { FormField } from '@/components/ui/form-field';
import { InfoList } from '@/components/ui/info-list';
import { Textarea } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/lib/toast';
import { downloadCa, useSetPublicAccess } from '../api/public-access';

const code = 'rounded bg-slate-100 px-2 py-0.5 font-mono text-sm break-all dark:bg-slate-800';

const tlsHow = { postgresql: t.tlsPostgresql, mariadb: t.tlsMariadb, redis: t.tlsRedis } as const;

/** The lines of the text area, each checked as the API will (one message per wrong line). */
function checkLines(text: string): { sources: string[]; errors: string[] } {
  const sources = text
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);
  const errors = sources.flatMap((s) => {
    const parsed = parseAllowListEntry(s);
    if (!('kind' in parsed)) return [];
    return [parsed.kind === 'invalid' ? t.sourceInvalid(s) : t.sourceHostBits(s, parsed.network)];
  });
  if (!sources.length) errors.push(t.sourcesRequired);
  return { sources, errors };
}

/**
 * « Accès public » (issue 25 item 2): internal only by default; administrators open it to the
 * addresses they list (never an empty list), see where clients connect, with TLS and the CA
 * to verify the server; everyone else reads it.
 */
export function PublicAccessCard({
  database: d,
  canManage,
}: {
  database: DatabaseResource;
  canManage: boolean;
}) {
  const p = d.acces_public;
  const mutation = useSetPublicAccess();
  const [text, setText] = useState(p.sources_autorisees.join('\n'));
  const [errors, setErrors] = useState<string[]>([]);
  const [confirmOff, setConfirmOff] = useState(false);
  const openWorld = text
    .split(/[\n,]/)
    .map((l) => l.trim())
    .some(isOpenToWorld);

  const save = async () => {
    const checked = checkLines(text);
    setErrors(checked.errors);
    if (checked.errors.length) return;
    const saved = await mutation.mutateAsync({
      id: d.id,
      body: { actif: true, sources_autorisees: checked.sources },
    });
    // The list as stored (203.0.113.7 → 203.0.113.7/32).
    setText(saved.acces_public.sources_autorisees.join('\n'));
    notify.success(t.saved);
  };
  const turnOff = async () => {
    await mutation.mutateAsync({ id: d.id, body: { actif: false } });
    setConfirmOff(false);
    notify.success(t.disabledDone);
  };

  return (
    <Card role="region" aria-labelledby="public-access-title">
      <CardHeader
        title={
          <span id="public-access-title" className="inline-flex items-center gap-2">
            <Globe className="size-4 text-blue-600 dark:text-blue-400" aria-hidden="true" />
            {t.title}
            <Badge tone={p.actif ? 'green' : 'grey'}>{p.actif ? t.on : t.offBadge}</Badge>
          </span>
        }
        description={t.intro}
      />
      <CardBody className="space-y-3 py-2">
        {!p.disponible && !p.actif ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t.unavailable}</p>
        ) : (
          <>
            {!p.actif && <p className="text-sm text-slate-600 dark:text-slate-400">{t.off}</p>}
            {p.actif && (
              <InfoList
                items={[
                  {
                    label: t.address,
                    value: (
                      <code data-testid="public-address" className={code}>
                        {p.hote ?? '—'}:{p.port}
                      </code>
                    ),
                  },
                  {
                    label: t.tls,
                    value: p.tls ? (
                      <span className="inline-flex items-center gap-1">
                        <ShieldCheck
                          className="size-4 text-green-600 dark:text-green-400"
                          aria-hidden="true"
                        />
                        {t.tlsOn(tlsHow[d.moteur])}
                      </span>
                    ) : (
                      t.tlsOff
                    ),
                  },
                  ...(p.empreinte_ca
                    ? [
                        {
                          label: t.fingerprint,
                          value: <code className={`${code} text-xs`}>{p.empreinte_ca}</code>,
                        },
                      ]
                    : []),
                ]}
              />
            )}
            {p.actif && p.chaine_connexion && (
              <div className="space-y-1">
                <p className="text-sm font-medium">{t.publicConnection}</p>
                <div className="flex flex-wrap items-center gap-2">
                  <code data-testid="public-connection-string" className={code}>
                    {p.chaine_connexion}
                  </code>
                  <CopyButton value={p.chaine_connexion} label={t.publicConnection} />
                </div>
              </div>
            )}
            {p.actif && p.tls && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => void downloadCa(d.id).catch(() => undefined)}
              >
                <Download className="size-4" aria-hidden="true" /> {t.downloadCa}
              </Button>
            )}
            {p.actif && p.ouvert_a_tous && <Notice tone="warning">{t.openWorldWarning}</Notice>}
            {canManage ? (
              <div className="space-y-2 pb-2">
                <FormField
                  label={t.sources}
                  hint={t.sourcesHelp}
                  error={errors.join(' ') || undefined}
                >
                  <Textarea
                    rows={3}
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    placeholder="203.0.113.7&#10;198.51.100.0/24"
                    className="font-mono"
                  />
                </FormField>
                {openWorld && !p.ouvert_a_tous && (
                  <Notice tone="warning">{t.openWorldWarning}</Notice>
                )}
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    onClick={() => void save().catch(() => undefined)}
                    disabled={mutation.isPending}
                  >
                    {p.actif ? t.save : t.enable}
                  </Button>
                  {p.actif && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setConfirmOff(true)}
                      disabled={mutation.isPending}
                    >
                      {t.disable}
                    </Button>
                  )}
                </div>
              </div>
            ) : (
              <>
                {p.actif && (
                  <InfoList
                    items={[{ label: t.sources, value: p.sources_autorisees.join(', ') }]}
                  />
                )}
                <p className="pb-2 text-xs text-slate-500 dark:text-slate-400">{t.readOnly}</p>
              </>
            )}
          </>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        title={t.disable}
        confirmLabel={t.disable}
        pending={mutation.isPending}
        onConfirm={() => void turnOff().catch(() => undefined)}
      >
        {t.disableConfirm}
      </ConfirmDialog>
    </Card>
  );
}
