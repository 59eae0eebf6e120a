import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * French user-facing text belongs to packages/shared (CONVENTIONS "This project's habits"):
 * this finds string literals of the API's source that read as French. A heuristic: an accented
 * letter, or a French word English never writes on its own (« le », « des », « n'… »).
 */
const ACCENTED = /[àâäçéèêëîïôöûùüÿœæ]/i;
const FRENCH_WORDS =
  /(^|[\s(«])(le|la|les|des|une|du|est|sont|pas|vous|votre|vos|cette|aucun|aucune|avec|pour|dans|sur)(?=[\s,.:;!?)»]|$)|(^|[\s(«])(l|d|n|qu|s)['’]\p{L}/iu;

export const looksFrench = (text: string) => ACCENTED.test(text) || FRENCH_WORDS.test(text);

export interface Finding {
  /** Path from the scanned root's parent, e.g. `src/modules/projects/policy.ts`. */
  file: string;
  line: number;
  text: string;
}

function literalTexts(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
  }
  return [];
}

/** Module names (`import … from '…'`) are paths, never text. */
const isModuleName = (node: ts.Node) =>
  node.parent !== undefined &&
  (ts.isImportDeclaration(node.parent) ||
    ts.isExportDeclaration(node.parent) ||
    ts.isExternalModuleReference(node.parent) ||
    (ts.isLiteralTypeNode(node.parent) && ts.isImportTypeNode(node.parent.parent)));

export function frenchLiteralsOf(source: string, fileName: string): Omit<Finding, 'file'>[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: Omit<Finding, 'file'>[] = [];
  const visit = (node: ts.Node) => {
    const texts = isModuleName(node) ? [] : literalTexts(node);
    const french = texts.find(looksFrench);
    if (french !== undefined) {
      const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
      found.push({ line: line + 1, text: french });
    }
    // A template's spans are visited through their own expressions only.
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
    else node.templateSpans.forEach((s) => visit(s.expression));
  };
  visit(sf);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts');
    return isSource ? [path] : [];
  });
}

/** Every French-looking literal of the non-test .ts files under `dir`. */
export function frenchLiteralsUnder(dir: string): Finding[] {
  const base = join(dir, '..');
  return sourceFiles(dir).flatMap((path) =>
    frenchLiteralsOf(readFileSync(path, 'utf8'), path).map((f) => ({
      file: relative(base, path),
      ...f,
    })),
  );
}
