import { deviceTexts } from '@nuage/shared/messages/account';
/** A readable device for a User-Agent ("Chrome sur Windows"), shown under 'Sessions actives'. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Appareil inconnu';
  const browser = firstMatch(userAgent, [
    [/Edg\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chrom(e|ium)\//, 'Chrome'],
    [/Safari\//, 'Safari'],
    [/curl\//, 'curl'],
    [/node|undici/i, 'Client Node.js'],
  ]);
  const system = firstMatch(userAgent, [
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ]);
  if (browser && system) return deviceTexts.browserOn(browser, system);
  return browser ?? system ?? deviceTexts.unknown;
}

function firstMatch(text: string, rules: [RegExp, string][]): string | null {
  for (const [pattern, name] of rules) if (pattern.test(text)) return name;
  return null;
}
