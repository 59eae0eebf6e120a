import { useState } from 'react';
import { shortDigest } from '@nuage/shared/image-reference';
import { imageWatchTexts as t } from '@nuage/shared/messages/images';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { InfoList } from '@/components/ui/info-list';
import { Notice } from '@/components/ui/notice';
import { formatDateTime } from '@/lib/format';
import { useSetImageWatch } from '../api/set-image-watch';
import { ImageWatchHook } from './image-watch-hook';

type ImageSettings = NonNullable<DeploymentDetail['image_settings']>;

/**
 * An image application's « Redéployer à chaque nouvelle version » (issue 30): the option, the
 * version in service, the last check of the registry and why it failed, if it did (the
 * application keeps running meanwhile).
 */
export function ImageWatchCard({
  deploymentId,
  settings: s,
  canManage,
}: {
  deploymentId: string;
  settings: ImageSettings;
  canManage: boolean;
}) {
  const save = useSetImageWatch(deploymentId);
  // The box shows the choice at once, until the server took it and the page read it back.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const on = wanted ?? s.redeploiement_auto;
  const choose = (value: boolean) => {
    setWanted(value);
    save.mutate({ redeploiement_auto: value }, { onSettled: () => setWanted(null) });
  };
  return (
    <Card role="region" aria-labelledby="image-watch-title">
      <CardHeader title={<span id="image-watch-title">{t.cardTitle}</span>} />
      <CardBody className="space-y-3">
        <div className="flex items-start gap-3">
          <input
            id="image-watch-option"
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-blue-600"
            aria-describedby="image-watch-hint"
            checked={on}
            disabled={!canManage || wanted !== null}
            onChange={(e) => choose(e.target.checked)}
          />
          <div className="min-w-0 space-y-0.5">
            <label
              htmlFor="image-watch-option"
              className="block text-sm font-medium text-slate-700 dark:text-slate-300"
            >
              {t.optionLabel}
            </label>
            <p id="image-watch-hint" className="text-xs text-slate-500 dark:text-slate-400">
              {on ? t.optionHelp : t.disabledHint}
            </p>
          </div>
        </div>
        <InfoList
          items={[
            {
              label: t.runningDigest,
              value: s.empreinte_en_service ? (
                <code title={s.empreinte_en_service} className="text-xs">
                  {shortDigest(s.empreinte_en_service)}
                </code>
              ) : (
                t.runningUnknown
              ),
            },
            ...(on
              ? [
                  {
                    label: t.lastCheck,
                    value: s.derniere_verification
                      ? formatDateTime(s.derniere_verification)
                      : t.neverChecked,
                  },
                ]
              : []),
          ]}
        />
        {on && s.erreur_registre && (
          <Notice tone="warning" title={t.registryError}>
            <p>{s.erreur_registre}</p>
            <p>{t.keepsRunning}</p>
          </Notice>
        )}
        {on && (
          <ImageWatchHook
            deploymentId={deploymentId}
            active={s.webhook_registre}
            canManage={canManage}
          />
        )}
      </CardBody>
    </Card>
  );
}
