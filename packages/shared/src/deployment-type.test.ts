import { describe, expect, it } from 'vitest';
import {
  deploymentType,
  deploymentTypeLabel,
  ERP_REPOSITORY_LABEL,
  MISSING_REPOSITORY_LABEL,
  repositoryDisplay,
  UNKNOWN_TYPE_LABEL,
} from './deployment-type';

const sync = (...images: string[]) => ({ status: { summary: { images } } });

describe('SPEC §4 deployment type derivation', () => {
  it('uses the explicit type first, whatever the image says', () => {
    expect(deploymentType({ type: 'odoo', image_url: 'docker.io/library/wordpress:6.4' })).toBe(
      'odoo',
    );
    expect(deploymentTypeLabel({ type: 'wordpress' })).toBe('WordPress');
  });

  it.each([
    ['docker.io/library/odoo:16.0', 'odoo', 'Odoo'],
    ['docker.io/library/wordpress:6.4-apache', 'wordpress', 'WordPress'],
    ['registry.exemple.sn/equipe/python-api:1.2', 'python', 'Python'],
    ['ghcr.io/acme/node-backend:latest', 'node', 'Node.js'],
    ['docker.io/library/nginx:1.25', 'web', 'Web'],
  ])('derives %s from the image URL as %s', (image, type, label) => {
    expect(deploymentType({ image_url: image })).toBe(type);
    expect(deploymentTypeLabel({ type: '', image_url: image })).toBe(label);
  });

  it('derives the type of any image application (issue 30) from its image, else « Image »', () => {
    expect(deploymentTypeLabel({ type: 'image', image_url: 'ghcr.io/acme/python-api:2' })).toBe(
      'Python',
    );
    expect(deploymentTypeLabel({ type: 'image', image_url: 'nginx:1.27' })).toBe('Web');
    expect(deploymentTypeLabel({ type: 'image', image_url: 'ghcr.io/acme/api:1.4' })).toBe('Image');
  });

  it('falls back to the images of the deployment-sync summary', () => {
    const d = {
      image_url: 'registry.exemple.sn/equipe/app:2',
      deployment_sync: sync('docker.io/library/mariadb:11', 'docker.io/library/nginx:1.25'),
    };
    expect(deploymentType(d)).toBe('web');
  });

  it("says 'Type inconnu' when neither the type, the image nor the sync summary tells", () => {
    const d = { type: null, image_url: 'registry.exemple.sn/app:1', deployment_sync: sync('x:1') };
    expect(deploymentType(d)).toBeNull();
    expect(deploymentTypeLabel(d)).toBe(UNKNOWN_TYPE_LABEL);
    expect(deploymentTypeLabel({})).toBe('Type inconnu');
  });
});

describe('SPEC §4 repository display', () => {
  it("shows 'N/A (Application ERP)' for odoo and wordpress, even with a repository", () => {
    expect(repositoryDisplay({ type: 'odoo' })).toEqual({
      kind: 'text',
      text: ERP_REPOSITORY_LABEL,
    });
    expect(
      repositoryDisplay({
        image_url: 'docker.io/library/wordpress:6.4',
        repository_url: 'https://github.com/acme/site',
      }),
    ).toEqual({ kind: 'text', text: 'N/A (Application ERP)' });
  });

  it("hides the platform's own client image repository", () => {
    expect(
      repositoryDisplay({
        type: 'node',
        repository_url: 'https://gitlab.nuagedeploy.sn/plateforme/client-image.git',
      }),
    ).toEqual({ kind: 'hidden' });
    expect(
      repositoryDisplay({ repository_url: 'https://gitlab.exemple.sn/infra/client-image' }),
    ).toEqual({ kind: 'hidden' });
  });

  it.each(['python', 'node', 'web'])(
    "shows 'N/A (URL non fournie)' for %s without a repository",
    (type) => {
      expect(repositoryDisplay({ type, repository_url: null })).toEqual({
        kind: 'text',
        text: MISSING_REPOSITORY_LABEL,
      });
    },
  );

  it('links any other repository, and shows nothing for an unknown type without one', () => {
    expect(
      repositoryDisplay({ type: 'python', repository_url: 'https://github.com/acme/api' }),
    ).toEqual({ kind: 'link', url: 'https://github.com/acme/api' });
    expect(repositoryDisplay({ repository_url: '' })).toEqual({ kind: 'none' });
  });
});
