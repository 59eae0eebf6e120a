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
    [0, `Mode simulation : aucune application réelle n'est déployée (pod ${opts.pod}).`],
    [200, `Image ${opts.image} « téléchargée » (simulé).`],
    [600, `Démarrage simulé de ${opts.template}…`],
    [1200, 'Connexion simulée à la base de données réussie.'],
    [1800, `Application simulée à l'écoute sur le port ${opts.port}.`],
  ];
  const elapsed = opts.now.getTime() - opts.startedAt.getTime();
  // Then a simulated health check every 30 s, as a real access log would show.
  for (let ms = 30_000; ms <= elapsed; ms += 30_000)
    startup.push([ms, 'GET / 200 (sonde de disponibilité simulée)']);
  return startup
    .filter(([ms]) => ms <= elapsed)
    .map(
      ([ms, text]) =>
        `${new Date(opts.startedAt.getTime() + ms).toISOString()} [simulation] ${text}`,
    );
}
