import { webhookProviders } from '@nuage/shared/build-types';
import { codeAppTexts, webhookTexts } from '@nuage/shared/code-app-texts';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Webhook } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { LoadError } from '@/components/ui/load-error';
import { Notice } from '@/components/ui/notice';
import { PageSpinner } from '@/components/ui/spinner';
import { useGenerateWebhookSecret } from '../api/generate-webhook-secret';
import { webhookQueryOptions } from '../api/get-webhook';

type WebhookProvider = (typeof webhookProviders)[number];

/**
 * Push to deploy: the webhook URL, « Générer un secret » (shown this once, with copy) and how
 * to set the webhook up at GitHub, GitLab or Gitea.
 */
export function WebhookCard({
  deploymentId,
  canManage,
}: {
  deploymentId: string;
  canManage: boolean;
}) {
  const webhook = useQuery(webhookQueryOptions(deploymentId));
  const generate = useGenerateWebhookSecret(deploymentId);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [provider, setProvider] = useState<WebhookProvider>('github');

  const doGenerate = async () => {
    setConfirming(false);
    try {
      setSecret((await generate.mutateAsync()).secret);
    } catch {
      // The API client's toast said why.
    }
  };

  if (webhook.isPending) return <PageSpinner />;
  if (webhook.isError) {
    return <LoadError message={webhook.error.message} onRetry={() => void webhook.refetch()} />;
  }
  const info = webhook.data;
  // The API answers an absolute URL (PUBLIC_URL); resolved here too against an older server.
  const url = new URL(info.url, window.location.origin);
  const isLocal = /^(localhost|127\.|\[::1\]|0\.0\.0\.0)/.test(url.hostname);
  const providers = webhookProviders.filter((p) => info.providers.includes(p));
  const shownProvider = providers.includes(provider) ? provider : (providers[0] ?? 'github');

  return (
    <Card role="region" aria-label={webhookTexts.title}>
      <CardHeader title={webhookTexts.title} description={webhookTexts.description} />
      <CardBody className="space-y-4">
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">URL du webhook</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 text-xs break-all dark:bg-slate-800">
              {url.href}
            </code>
            <CopyButton value={url.href} label="Copier l'URL du webhook" />
          </div>
          {isLocal && <Notice tone="warning">{webhookTexts.localUrl}</Notice>}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="inline-flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
            <KeyRound className="size-4" aria-hidden="true" />
            {info.has_secret ? webhookTexts.secretSet : webhookTexts.noSecret}
          </p>
          {canManage && (
            <Button
              size="sm"
              variant={info.has_secret ? 'outline' : 'primary'}
              loading={generate.isPending}
              loadingText="Génération…"
              onClick={() => (info.has_secret ? setConfirming(true) : void doGenerate())}
            >
              <Webhook className="size-4" aria-hidden="true" />
              {info.has_secret ? webhookTexts.regenerate : webhookTexts.generate}
            </Button>
          )}
        </div>
        {secret && (
          <div role="status" className="space-y-2">
            <Notice tone="warning" title="Secret du webhook">
              {codeAppTexts.webhookSecretOnce}
            </Notice>
            <div className="flex flex-wrap items-center gap-2">
              <code
                aria-label="Secret du webhook"
                className="min-w-0 flex-1 rounded-lg bg-slate-900 px-3 py-2 text-xs break-all text-green-300 dark:bg-slate-950 dark:ring-1 dark:ring-slate-700"
              >
                {secret}
              </code>
              <CopyButton value={secret} label="Copier le secret du webhook" />
            </div>
          </div>
        )}
        <div>
          <div role="tablist" aria-label="Hébergeur Git" className="mb-2 flex gap-1">
            {providers.map((p) => (
              <button
                key={p}
                type="button"
                role="tab"
                id={`webhook-tab-${p}`}
                aria-selected={p === shownProvider}
                aria-controls="webhook-steps"
                onClick={() => setProvider(p)}
                className={
                  p === shownProvider
                    ? 'rounded-md bg-blue-600 px-3 py-1 text-sm font-medium text-white'
                    : 'rounded-md px-3 py-1 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
                }
              >
                {webhookTexts.providers[p].name}
              </button>
            ))}
          </div>
          {/* The panel wraps the list: a tabpanel role on the <ol> itself would orphan its items. */}
          <div id="webhook-steps" role="tabpanel" aria-labelledby={`webhook-tab-${shownProvider}`}>
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              {webhookTexts.providers[shownProvider].steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
        </div>
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={webhookTexts.regenerate}
        confirmLabel={webhookTexts.regenerate}
        onConfirm={() => void doGenerate()}
      >
        <p>{webhookTexts.regenerateWarning}</p>
      </ConfirmDialog>
    </Card>
  );
}
