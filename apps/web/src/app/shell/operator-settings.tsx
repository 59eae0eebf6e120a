import { operatorSettingsTexts as texts } from '@nuage/shared/messages/platform';
import { useQuery } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { platformQueryOptions } from '@/lib/platform-query';

/**
 * The settings the platform still misses that its customers depend on (a public address for
 * custom domains, a public PUBLIC_URL for Git webhooks), for its operators only: GET /platform
 * lists them to the accounts of OPERATOR_EMAILS (issue 33 item 7). Customers are told, in their
 * own cards, what they can do meanwhile.
 */
export function OperatorSettings({ className }: { className?: string }) {
  const platform = useQuery(platformQueryOptions());
  const missing = platform.data?.reglages_a_completer ?? [];
  if (missing.length === 0) return null;
  return (
    <section
      aria-label={texts.title}
      className={cn(
        'rounded-lg border border-blue-300 bg-blue-50 px-3 py-2 text-sm text-blue-950 dark:border-blue-800 dark:bg-blue-950/50 dark:text-blue-100',
        className,
      )}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Wrench className="size-4 shrink-0" aria-hidden="true" /> {texts.title}
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-6">
        {missing.map((setting) => (
          <li key={setting}>{setting}</li>
        ))}
      </ul>
      <p className="mt-1">{texts.docs}</p>
    </section>
  );
}
