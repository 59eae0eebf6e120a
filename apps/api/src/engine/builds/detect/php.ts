import { DEFAULT_PORT, type BuildPlan } from './plan';
import type { RepoFiles } from './repo-files';

interface ComposerJson {
  require?: Record<string, unknown>;
}

export async function detectPhp(files: RepoFiles): Promise<BuildPlan | null> {
  const composer = await files.json<ComposerJson>('composer.json');
  const hasComposer = await files.exists('composer.json');
  if (
    !hasComposer &&
    !(await files.exists('index.php')) &&
    !(await files.exists('public/index.php'))
  )
    return null;
  const require = composer?.require ?? {};
  const framework =
    'laravel/framework' in require
      ? 'laravel'
      : 'symfony/framework-bundle' in require
        ? 'symfony'
        : null;
  const docroot =
    framework || (await files.exists('public/index.php'))
      ? '/var/www/html/public'
      : '/var/www/html';
  return {
    detected: { kind: 'php', framework, port: DEFAULT_PORT },
    // Composer's image only when there are dependencies to install.
    template: hasComposer ? 'php-composer' : 'php',
    variables: { DOCUMENT_ROOT: docroot, PORT: String(DEFAULT_PORT) },
    baseImages: hasComposer ? ['php', 'composer'] : ['php'],
  };
}
