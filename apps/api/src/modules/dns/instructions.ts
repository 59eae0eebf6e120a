import type { DnsRecord } from '@nuage/shared/dns-help';
import { isIP } from 'node:net';

/**
 * The records that make a custom domain reach an application: a CNAME to its platform hostname
 * (it follows the platform if its address changes), or an A/AAAA record to the public address.
 * A root domain (exemple.sn) cannot carry a CNAME next to its other records, so it only gets A.
 */
export function expectedRecords(opts: {
  domain: string;
  platformHostname: string | null;
  publicIp: string | undefined;
}): DnsRecord[] {
  const records: DnsRecord[] = [];
  if (opts.platformHostname && !isApex(opts.domain))
    records.push({ type: 'CNAME', nom: opts.domain, valeur: opts.platformHostname });
  if (opts.publicIp)
    records.push({
      type: isIP(opts.publicIp) === 6 ? 'AAAA' : 'A',
      nom: opts.domain,
      valeur: opts.publicIp,
    });
  return records;
}

/**
 * Two labels (boutique.sn), or three under a usual second-level suffix (boutique.co.uk): the
 * registrable root. A heuristic without the public suffix list: it only decides whether the
 * CNAME is offered.
 */
export function isApex(domain: string): boolean {
  const labels = domain.split('.');
  if (labels.length <= 2) return true;
  return labels.length === 3 && /^(co|com|net|org|gov|edu|ac)$/.test(labels[1]!);
}
