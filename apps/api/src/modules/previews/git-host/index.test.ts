import { describe, expect, it } from 'vitest';
import { defaultApiUrl, repositoryPath } from './index';

describe('repositoryPath', () => {
  it.each([
    ['https://github.com/acme/site.git', 'acme/site'],
    ['https://github.com/acme/site', 'acme/site'],
    ['https://github.com/acme/site/', 'acme/site'],
    ['https://github.com/acme/site.git/', 'acme/site'],
    ['  https://gitea.example.org/acme/site.git  ', 'acme/site'],
    ['https://gitlab.example.com/group/sub/site.git', 'group/sub/site'],
    ['https://deploy:s3cret@gitlab.example.com/group/site.git', 'group/site'],
    ['http://git.local:3000/acme/site.git', 'acme/site'],
    ['ssh://git@gitlab.example.com:2222/group/sub/site.git', 'group/sub/site'],
    ['git@github.com:acme/site.git', 'acme/site'],
    ['git@gitlab.example.com:group/sub/site', 'group/sub/site'],
    ['https://github.com/acme.dev/site.js.git', 'acme.dev/site.js'],
  ])('%s → %s', (url, path) => {
    expect(repositoryPath(url)).toBe(path);
  });

  it.each([
    ['not a url'],
    ['https://github.com/'],
    ['https://github.com/acme'],
    ['https://github.com/acme//site'],
    ['ftp://example.org/acme/site.git'],
    ['file:///srv/git/acme/site.git'],
    ['https://github.com/acme/%E0%A4%A'],
    [''],
  ])('%s names no repository', (url) => {
    expect(repositoryPath(url)).toBeNull();
  });
});

describe('defaultApiUrl', () => {
  it.each([
    ['github', 'https://github.com/acme/site.git', 'https://api.github.com'],
    ['github', 'git@github.com:acme/site.git', 'https://api.github.com'],
    ['github', 'https://www.github.com/acme/site', 'https://api.github.com'],
    ['github', 'https://github.acme.fr/acme/site.git', 'https://github.acme.fr/api/v3'],
    ['gitlab', 'https://gitlab.com/group/sub/site.git', 'https://gitlab.com/api/v4'],
    [
      'gitlab',
      'https://gitlab.example.com:8443/group/site.git',
      'https://gitlab.example.com:8443/api/v4',
    ],
    [
      'gitlab',
      'ssh://git@gitlab.example.com:2222/group/site.git',
      'https://gitlab.example.com/api/v4',
    ],
    [
      'gitlab',
      'https://oauth2:glpat-x@gitlab.example.com/g/site.git',
      'https://gitlab.example.com/api/v4',
    ],
    ['gitea', 'http://git.local:3000/acme/site.git', 'http://git.local:3000/api/v1'],
    ['gitea', 'git@codeberg.org:acme/site.git', 'https://codeberg.org/api/v1'],
  ] as const)('%s %s → %s', (provider, url, api) => {
    expect(defaultApiUrl(provider, url)).toBe(api);
  });

  it('has none for a URL that names no repository', () => {
    expect(defaultApiUrl('gitlab', 'https://gitlab.com/')).toBeNull();
    expect(defaultApiUrl('github', 'nowhere')).toBeNull();
  });
});
