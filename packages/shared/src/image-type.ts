/**
 * The type of an application running any image (issue 30), from its image as SPEC §4 derives
 * a type: the image naming odoo, wordpress, python, node or nginx (nginx means web), else
 * `image`. A DNS-label-safe word: it is the application's `app.kubernetes.io/name` label too.
 */
const IMAGE_KEYWORDS = [
  ['odoo', 'odoo'],
  ['wordpress', 'wordpress'],
  ['python', 'python'],
  ['node', 'node'],
  ['nginx', 'web'],
] as const;

export function imageTypeOf(image: string): string {
  const lower = image.toLowerCase();
  for (const [keyword, type] of IMAGE_KEYWORDS) if (lower.includes(keyword)) return type;
  return 'image';
}
