import { type Json, type ParsedPath, type Reply, invalidReply } from './fake-paths';
import type { KindInfo } from './strict-schema';

/**
 * What the API server's validation of a batch/v1 CronJob adds to its schema (pkg/apis/batch/
 * validation): a name of at most 52 characters (its Jobs are named `<name>-<minutes>`), a
 * standard five-field schedule without `TZ=` (the time zone goes in spec.timeZone, an IANA
 * name), and a jobTemplate whose pods never restart in place (Never or OnFailure).
 */
const FIELD = /^[\d*,/-]+$|^[A-Za-z]{3}$/;

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

export function cronJobRefusal(info: KindInfo, p: ParsedPath, object: Json): Reply | null {
  const name = ((object.metadata as Json | undefined)?.name as string | undefined) ?? '';
  if (name.length > 52)
    return invalidReply(
      info,
      p,
      `metadata.name: Invalid value: "${name}": must be no more than 52 characters`,
    );
  const spec = (object.spec ?? {}) as Json;
  const schedule = String(spec.schedule ?? '');
  const fields = schedule.trim().split(/\s+/);
  if (schedule.includes('TZ') || fields.length !== 5 || !fields.every((f) => FIELD.test(f)))
    return invalidReply(info, p, `spec.schedule: Invalid value: "${schedule}": invalid schedule`);
  const zone = spec.timeZone as string | undefined;
  if (zone !== undefined && !validTimeZone(zone))
    return invalidReply(info, p, `spec.timeZone: Invalid value: "${zone}": unknown time zone`);
  const pod = ((
    ((spec.jobTemplate as Json | undefined)?.spec as Json | undefined)?.template as Json | undefined
  )?.spec ?? {}) as Json;
  if (pod.restartPolicy !== 'Never' && pod.restartPolicy !== 'OnFailure')
    return invalidReply(
      info,
      p,
      'spec.jobTemplate.spec.template.spec.restartPolicy: Unsupported value: only "OnFailure", "Never" are supported',
    );
  return null;
}
