/** First focusable element: jumps past the top bar to the page's main content. */
export function SkipLink({ target }: { target: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only z-50 rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Aller au contenu principal
    </a>
  );
}
