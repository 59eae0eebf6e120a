import { simulatedLogTexts } from '@nuage/shared/messages/simulation';
/** The log lines a simulated pod has written by `now`: every line says nothing real runs. */
export function simulatedLogLines(opts: {
  pod: string;
  template: string;
  image: string;
  port: number;
  startedAt: Date;
  now: Date;
}): string[] {
  const startup: [number, string][] = [
    [0, simulatedLogTexts.notice(opts.pod)],
    [200, simulatedLogTexts.pulled(opts.image)],
    [600, simulatedLogTexts.starting(opts.template)],
    [1200, simulatedLogTexts.database],
    [1800, simulatedLogTexts.listening(opts.port)],
  ];
  const elapsed = opts.now.getTime() - opts.startedAt.getTime();
  // Then a simulated health check every 30 s, as a real access log would show.
  for (let ms = 30_000; ms <= elapsed; ms += 30_000) startup.push([ms, simulatedLogTexts.probe]);
  return startup
    .filter(([ms]) => ms <= elapsed)
    .map(
      ([ms, text]) =>
        `${new Date(opts.startedAt.getTime() + ms).toISOString()} [simulation] ${text}`,
    );
}
