import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/lib/toast';

/** Recovery codes, shown once: to copy or write down before closing. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify.success('Codes de secours copiés.');
    } catch {
      notify.error('Copie impossible : notez les codes à la main.');
    }
  };
  return (
    <div className="space-y-3">
      <Notice tone="warning">
        Conservez ces codes de secours en lieu sûr : chacun permet une connexion si vous perdez
        votre téléphone. Ils ne seront plus jamais affichés.
      </Notice>
      <ul
        aria-label="Codes de secours"
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm dark:bg-slate-800"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Button variant="outline" size="sm" onClick={() => void copy()}>
        <Copy className="size-4" aria-hidden="true" /> Copier les codes
      </Button>
    </div>
  );
}
