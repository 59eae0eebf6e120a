import { describe, expect, it } from 'vitest';
import { buildsFromGit, composeFromGit } from './builds-from-git';

const REPO = 'https://git.exemple.sn/boutique/pile.git';

describe('buildsFromGit', () => {
  it('is true for code applications and Compose applications read from a repository', () => {
    expect(buildsFromGit({ source_kind: 'code', repo_url: REPO })).toBe(true);
    // A code application is built from Git whatever its answer carries.
    expect(buildsFromGit({ source_kind: 'code', repo_url: null })).toBe(true);
    expect(buildsFromGit({ source_kind: 'compose', repo_url: REPO })).toBe(true);
    expect(composeFromGit({ source_kind: 'compose', repo_url: REPO })).toBe(true);
  });

  it('is false for a pasted Compose file, an image or a catalogue application', () => {
    expect(buildsFromGit({ source_kind: 'compose', repo_url: null })).toBe(false);
    expect(buildsFromGit({ source_kind: 'image', repo_url: null })).toBe(false);
    expect(buildsFromGit({ source_kind: 'template', repo_url: null })).toBe(false);
    expect(composeFromGit({ source_kind: 'compose', repo_url: null })).toBe(false);
    expect(composeFromGit({ source_kind: 'code', repo_url: REPO })).toBe(false);
  });
});
