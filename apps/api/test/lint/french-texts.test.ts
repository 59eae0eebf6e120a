import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { frenchLiteralsOf, frenchLiteralsUnder, looksFrench } from './french-literals';
import { notUserFacing } from './french-texts-allowed';

const apiSrc = fileURLToPath(new URL('../../src', import.meta.url));

describe('the French-text heuristic', () => {
  it('finds accented text and French sentences, not English ones', () => {
    expect(looksFrench('Projet non trouvé')).toBe(true);
    expect(looksFrench("L'application n'existe plus.")).toBe(true);
    expect(looksFrench('limit doit être un entier entre 1 et 100')).toBe(true);
    expect(looksFrench('Signature du webhook invalide : la clé est absente')).toBe(true);
    expect(looksFrench('metrics unavailable')).toBe(false);
    expect(looksFrench("the runner's image is missing")).toBe(false);
    expect(looksFrench('select * from deployments where desired_state = $1')).toBe(false);
  });

  it('reads literals and templates, not comments nor module names', () => {
    const source = [
      "import { x } from './données';",
      '// Le commentaire reste en français si besoin.',
      "const a = 'Application non trouvée';",
      'const b = `Retour à la version ${n}`;',
      "const c = 'ok';",
    ].join('\n');
    expect(frenchLiteralsOf(source, 'x.ts')).toEqual([
      { line: 3, text: 'Application non trouvée' },
      { line: 4, text: 'Retour à la version ' },
    ]);
  });
});

describe('French texts of apps/api/src', () => {
  it('live in packages/shared/src/messages, not in the API', () => {
    const misplaced = frenchLiteralsUnder(apiSrc)
      .filter(
        (f) =>
          !notUserFacing.some(
            (allowed) => (allowed.file ?? f.file) === f.file && f.text.startsWith(allowed.text),
          ),
      )
      .map((f) => `${f.file}:${f.line}: ${f.text.slice(0, 80)}`);
    expect(misplaced, 'move these texts to packages/shared/src/messages/<domain>.ts').toEqual([]);
  });
});
