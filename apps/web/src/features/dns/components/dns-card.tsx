import type { DomainStatus } from '@nuage/shared/api-types';
import { dnsTexts as texts, domainOwnershipTexts, type DnsHelp } from '@nuage/shared/dns-help';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useEffect } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { deploymentQueryKey } from '@/lib/deployment-cache-keys';
import { dnsQueryOptions } from '../api/get-dns';
import { useVerifyDns } from '../api/verify-dns';
import { DnsRecordsTable } from './dns-records-table';
import { DomainOwnership } from './domain-ownership';

const tones: Record<DnsHelp['verification']['statut'], 'success' | 'error' | 'warning' | 'info'> = {
  correct: 'success',
  incorrect: 'error',
  introuvable: 'warning',
  indisponible: 'warning',
  non_configure: 'info',
};

/**
 * The custom domain's DNS: whether the platform serves it yet (its owner's proof of control),
 * the record that makes it reach the application, and the server's check of both. Reading it
 * changes nothing; « Vérifier le DNS » (developers and admins) looks for the proof now, and the
 * platform also looks by itself now and then: once verified, the page reads the application
 * again.
 */
export function DnsCard({
  deploymentId,
  domain,
  domainStatus,
  canVerify,
}: {
  deploymentId: string;
  domain: string;
  domainStatus?: DomainStatus | null | undefined;
  canVerify: boolean;
}) {
  const dns = useQuery(dnsQueryOptions(deploymentId, domain));
  const verify = useVerifyDns(deploymentId, domain);
  const queryClient = useQueryClient();
  const check = dns.data?.verification;
  const status = dns.data?.propriete.statut ?? domainStatus;
  useEffect(() => {
    if (dns.data?.propriete.statut === 'verifie' && domainStatus === 'en_attente')
      void queryClient.invalidateQueries({ queryKey: deploymentQueryKey(deploymentId) });
  }, [dns.data, domainStatus, deploymentId, queryClient]);
  return (
    <Card role="region" aria-labelledby="dns-title">
      <CardHeader
        title={
          <span id="dns-title" className="inline-flex items-center gap-2">
            <Globe className="size-4 text-blue-600 dark:text-blue-400" aria-hidden="true" />
            {texts.title}
          </span>
        }
        actions={
          status && (
            <Badge tone={status === 'verifie' ? 'green' : 'yellow'}>
              {status === 'verifie' ? domainOwnershipTexts.verified : domainOwnershipTexts.pending}
            </Badge>
          )
        }
      />
      <CardBody className="space-y-3">
        {dns.data && <DomainOwnership domain={domain} help={dns.data} canVerify={canVerify} />}
        {dns.data && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {dns.data.enregistrements.length === 0
              ? texts.introNoRecord(domain)
              : dns.data.enregistrements.length === 1
                ? texts.introOne(domain)
                : texts.intro(domain)}
          </p>
        )}
        {dns.data && dns.data.enregistrements.length > 0 && (
          <DnsRecordsTable records={dns.data.enregistrements} label={texts.title} />
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
        {/* Nothing to check yet: the intro above already says why and what to do meanwhile. */}
        {check && check.statut !== 'non_configure' && (
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
        {verify.isError && (
          <div role="alert">
            <Notice tone="error">
              {verify.error instanceof ApiError ? verify.error.message : texts.unavailable}
            </Notice>
          </div>
        )}
        {canVerify && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => verify.mutate()}
            loading={verify.isPending}
            loadingText={texts.checking}
          >
            {texts.check}
          </Button>
        )}
      </CardBody>
    </Card>
  );
}
