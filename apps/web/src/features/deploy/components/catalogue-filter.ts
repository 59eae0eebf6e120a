import { applicationTemplateOf, isSaasTemplateId } from '@nuage/shared/catalog';
import type { Catalog } from '@nuage/shared/schemas/responses/catalog';

type Entry = Catalog['saas'][number];

/** Lower case, without accents: « Comptabilité » is found by « comptabilite ». */
const folded = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The categories of the catalogue, in order of first appearance. */
export function categoriesOf(saas: readonly Entry[]): string[] {
  return [...new Set(saas.map((t) => t.category))];
}

/**
 * The applications matching every word of the query (in the name, the category, the
 * description or the application file's keywords) and the category chosen ('' = all).
 */
export function filterCatalogue(
  saas: readonly Entry[],
  { query, category }: { query: string; category: string },
): Entry[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  return saas.filter((t) => {
    if (category && t.category !== category) return false;
    const keywords = isSaasTemplateId(t.id) ? (applicationTemplateOf[t.id].keywords ?? []) : [];
    const text = folded([t.name, t.category, t.description, ...keywords].join(' '));
    return words.every((w) => text.includes(w));
  });
}
