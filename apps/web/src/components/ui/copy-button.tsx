import { codeAppTexts } from '@nuage/shared/code-app-texts';
import { Copy } from 'lucide-react';
import { notify } from '@/lib/toast';
import { Button } from './button';

/** Copies `value` to the clipboard and says so (or says to copy it by hand). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(codeAppTexts.copied);
    } catch {
      notify.error(codeAppTexts.copyFailed);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={label}>
      <Copy className="size-4" aria-hidden="true" /> Copier
    </Button>
  );
}
