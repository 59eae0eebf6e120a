import { dnsTexts as texts, type DnsHelp } from '@nuage/shared/dns-help';
import { useQuery } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { dnsQueryOptions } from '../api/get-dns';

const tones: Record<DnsHelp['verification']['statut'], 'success' | 'error' | 'warning' | 'info'> = {
  correct: 'success',
  incorrect: 'error',
  introuvable: 'warning',
  indisponible: 'warning',
  non_configure: 'info',
};

/** The record to create for the custom domain, and the server's check of what DNS says. */
export function DnsCard({ deploymentId, domain }: { deploymentId: string; domain: string }) {
  const dns = useQuery(dnsQueryOptions(deploymentId, domain));
  const check = dns.data?.verification;
  return (
    <Card role="region" aria-labelledby="dns-title">
      <CardHeader
        title={
          <span id="dns-title" className="inline-flex items-center gap-2">
            <Globe className="size-4 text-blue-600 dark:text-blue-400" aria-hidden="true" />
            {texts.title}
          </span>
        }
      />
      <CardBody className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">{texts.intro(domain)}</p>
        {dns.data && dns.data.enregistrements.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
                <tr>
                  <th className="py-1 pr-3 font-medium">{texts.recordType}</th>
                  <th className="py-1 pr-3 font-medium">{texts.recordName}</th>
                  <th className="py-1 font-medium">{texts.recordValue}</th>
                </tr>
              </thead>
              <tbody className="font-mono text-xs">
                {dns.data.enregistrements.map((r) => (
                  <tr key={r.type} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="py-1.5 pr-3 font-semibold">{r.type}</td>
                    <td className="py-1.5 pr-3 [overflow-wrap:anywhere]">{r.nom}</td>
                    <td className="py-1.5 [overflow-wrap:anywhere]">{r.valeur}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {dns.isPending && (
          <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
            <Spinner className="size-4" /> {texts.checking}
          </p>
        )}
        {dns.isError && (
          <Notice tone="warning">
            {dns.error instanceof ApiError ? dns.error.message : texts.unavailable}
          </Notice>
        )}
        {check && (
          <div role="status" aria-live="polite">
            <Notice
              tone={tones[check.statut]}
              title={
                check.statut === 'correct'
                  ? texts.correct
                  : check.statut === 'incorrect'
                    ? texts.incorrect
                    : undefined
              }
            >
              {check.message}
            </Notice>
          </div>
        )}
        <Button
          size="sm"
          variant="outline"
          onClick={() => void dns.refetch()}
          loading={dns.isFetching}
          loadingText={texts.checking}
        >
          {texts.check}
        </Button>
      </CardBody>
    </Card>
  );
}
