import type { Environment } from '@nuage/shared/api-types';
import { saasTemplates } from '@nuage/shared/catalog';
import { deployMessages } from '@nuage/shared/schemas/deployments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationIdsOf, expectIssue, type Team } from '../../../test/helpers/project-factories';
import {
  erpBody,
  postDeploy,
  teamWithEnvironment,
  type DeploymentView,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let team: Team;
let env: Environment;

beforeAll(async () => {
  t = await createTestApp();
  ({ team, env } = await teamWithEnvironment(t, {
    quota_cpu: 100,
    quota_ram: 200,
    quota_stockage: 1000,
  }));
});
afterAll(() => t.close());

const m = deployMessages;

/** SPEC §5 "Deploy wizard" rules, each with the field it is reported on. */
const rules: { name: string; change: Record<string, unknown>; field: string; msg: string }[] = [
  {
    name: 'nom missing',
    change: { nom: undefined },
    field: 'nom',
    msg: "Le nom de l'application est requis",
  },
  {
    name: 'nom empty',
    change: { nom: '' },
    field: 'nom',
    msg: "Le nom de l'application est requis",
  },
  {
    name: 'nom blank',
    change: { nom: '   ' },
    field: 'nom',
    msg: "Le nom de l'application est requis",
  },
  { name: 'cpu missing', change: { cpu: undefined }, field: 'cpu', msg: 'CPU requis' },
  { name: 'cpu not a number', change: { cpu: 'beaucoup' }, field: 'cpu', msg: 'CPU requis' },
  { name: 'cpu below 0.1', change: { cpu: 0.09 }, field: 'cpu', msg: 'Minimum 0.1 core' },
  { name: 'cpu above 8', change: { cpu: 8.1 }, field: 'cpu', msg: 'Maximum 8 cores' },
  { name: 'ram missing', change: { ram: undefined }, field: 'ram', msg: 'RAM requis' },
  { name: 'ram null', change: { ram: null }, field: 'ram', msg: 'RAM requis' },
  { name: 'ram below 0.5', change: { ram: 0.4 }, field: 'ram', msg: 'Minimum 0.5 GB' },
  { name: 'ram above 16', change: { ram: 16.5 }, field: 'ram', msg: 'Maximum 16 GB' },
  { name: 'storage null', change: { storage: null }, field: 'storage', msg: 'Storage requis' },
  { name: 'storage empty', change: { storage: '' }, field: 'storage', msg: 'Storage requis' },
  { name: 'storage below 1', change: { storage: 0.5 }, field: 'storage', msg: 'Minimum 1 GB' },
  { name: 'storage above 100', change: { storage: 101 }, field: 'storage', msg: 'Maximum 100 GB' },
  {
    name: 'replicas missing',
    change: { replicas: undefined },
    field: 'replicas',
    msg: 'Nombre d’instances requis',
  },
  { name: 'replicas 0', change: { replicas: 0 }, field: 'replicas', msg: 'Minimum 1 instance' },
  { name: 'replicas 11', change: { replicas: 11 }, field: 'replicas', msg: 'Maximum 10 instances' },
  {
    name: 'image with capitals',
    change: { image_registry_url: 'Docker.io/WordPress' },
    field: 'image_registry_url',
    msg: m.imageInvalid,
  },
  {
    name: 'image with a command',
    change: { image_registry_url: 'wordpress; rm -rf /' },
    field: 'image_registry_url',
    msg: m.imageInvalid,
  },
  {
    name: 'image with its tag',
    change: { image_registry_url: 'wordpress:latest' },
    field: 'image_registry_url',
    msg: m.imageInvalid,
  },
  {
    name: 'tag with a space',
    change: { image_tag: '6.4 apache' },
    field: 'image_tag',
    msg: m.tagInvalid,
  },
  {
    name: 'tag starting with a dash',
    change: { image_tag: '-rc' },
    field: 'image_tag',
    msg: m.tagInvalid,
  },
  {
    name: 'tag of 129 characters',
    change: { image_tag: 'a'.repeat(129) },
    field: 'image_tag',
    msg: m.tagInvalid,
  },
  {
    name: 'domain with spaces',
    change: { nom_domaine: 'ma boutique.sn' },
    field: 'nom_domaine',
    msg: m.domainInvalid,
  },
  {
    name: 'domain of one label',
    change: { nom_domaine: 'boutique' },
    field: 'nom_domaine',
    msg: m.domainInvalid,
  },
  {
    name: 'domain with a path',
    change: { nom_domaine: 'exemple.sn/admin' },
    field: 'nom_domaine',
    msg: m.domainInvalid,
  },
  {
    name: 'admin password of 7',
    change: { wordpress_password: 'Court12' },
    field: 'wordpress_password',
    msg: m.passwordMin,
  },
  {
    name: 'database password of 7',
    change: { mariadb_user_password: 'Court12' },
    field: 'mariadb_user_password',
    msg: m.passwordMin,
  },
  {
    name: 'admin e-mail malformed',
    change: { wordpress_email: 'admin@' },
    field: 'wordpress_email',
    msg: 'Adresse email invalide',
  },
  {
    name: 'type missing',
    change: { type_application: undefined },
    field: 'type_application',
    msg: m.templateUnknown,
  },
];

describe('POST /deployments/{envId}/deploy/erp validation', () => {
  it.each(rules)('answers 422 for $name, with SPEC §5 wording', async ({ change, field, msg }) => {
    const res = await postDeploy(t, team.developer.token, env.id, erpBody(change));
    expectIssue(res, ['body', field], msg);
  });

  it('creates nothing when the payload is refused', async () => {
    for (const { change } of rules)
      await postDeploy(t, team.developer.token, env.id, erpBody(change));
    expect(await applicationIdsOf(t, 'environmentId', env.id)).toEqual([]);
  });

  it('reports every broken field of one payload at once', async () => {
    const res = await postDeploy(t, team.developer.token, env.id, {
      type_application: 'wordpress',
    });
    expect(res.statusCode).toBe(422);
    const msgs = res.json<{ detail: { msg: string }[] }>().detail.map((d) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        "Le nom de l'application est requis",
        'CPU requis',
        'RAM requis',
        'Nombre d’instances requis',
      ]),
    );
  });

  it.each(['joomla', 'drupal', 'nextcloud', 'matomo'] as const)(
    'deploys the template %s with its official image and tag',
    async (type) => {
      const res = await postDeploy(
        t,
        team.developer.token,
        env.id,
        erpBody({
          type_application: type,
          image_registry_url: saasTemplates[type].image,
          image_tag: saasTemplates[type].tag,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<DeploymentView>()).toMatchObject({
        template: type,
        image_registry_url: saasTemplates[type].image,
        image_tag: saasTemplates[type].tag,
      });
    },
  );

  it.each(['CODE', 'nodejs', 'React'])(
    'refuses the code type %s on the ready-made endpoint rather than deploying WordPress',
    async (type) => {
      const res = await postDeploy(
        t,
        team.developer.token,
        env.id,
        erpBody({ type_application: type }),
      );
      expectIssue(res, ['body', 'type_application'], m.templateUnavailable);
    },
  );

  it('falls back to WordPress for the inline ERP type and for an unknown type (SPEC §9)', async () => {
    for (const type of ['ERP', 'autre']) {
      const res = await postDeploy(
        t,
        team.developer.token,
        env.id,
        erpBody({ type_application: type, image_registry_url: undefined, image_tag: undefined }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<DeploymentView>()).toMatchObject({
        template: 'wordpress',
        image_tag: '6.4-apache',
      });
    }
  });

  it('recognises a catalogue template from the image of the inline form (type ERP)', async () => {
    const res = await postDeploy(
      t,
      team.developer.token,
      env.id,
      erpBody({
        type_application: 'ERP',
        image_registry_url: 'docker.io/library/nextcloud',
        image_tag: '28.0-apache',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<DeploymentView>()).toMatchObject({ template: 'nextcloud' });
  });

  it.each(['nginx', 'docker.io/library/nginx', 'bitnami/wordpress', 'registry.exemple.sn/odoo'])(
    'refuses the image %s on the inline form rather than labelling it a catalogue application',
    async (image) => {
      const res = await postDeploy(
        t,
        team.developer.token,
        env.id,
        erpBody({ type_application: 'ERP', image_registry_url: image, image_tag: '1.27' }),
      );
      expectIssue(res, ['body', 'image_registry_url'], m.imageNotInCatalogue);
    },
  );

  it('recognises the short forms of an official image (odoo, library/odoo, docker.io/odoo)', async () => {
    for (const [i, image] of ['odoo', 'library/odoo', 'docker.io/odoo'].entries()) {
      const res = await postDeploy(
        t,
        team.developer.token,
        env.id,
        erpBody({
          nom: `Odoo court ${i}`,
          type_application: 'ERP',
          image_registry_url: image,
          image_tag: '16.0',
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<DeploymentView>()).toMatchObject({ template: 'odoo', image_tag: '16.0' });
    }
  });

  it("refuses a template sent with another application's image", async () => {
    const res = await postDeploy(
      t,
      team.developer.token,
      env.id,
      erpBody({ type_application: 'wordpress', image_registry_url: 'docker.io/library/nginx' }),
    );
    expectIssue(res, ['body', 'image_registry_url'], m.imageOfOtherTemplate('WordPress'));
  });

  it('accepts the limits themselves: 0.1 and 8 cores, 0.5 and 16 GB, 1 and 100 GB, 1 and 10 replicas', async () => {
    const low = await postDeploy(
      t,
      team.developer.token,
      env.id,
      erpBody({ cpu: 0.1, ram: 0.5, storage: 1, replicas: 1 }),
    );
    expect(low.statusCode, low.body).toBe(201);
    const high = await postDeploy(
      t,
      team.developer.token,
      env.id,
      erpBody({ cpu: 8, ram: 16, storage: 100, replicas: 10 }),
    );
    expect(high.statusCode, high.body).toBe(201);
    expect(high.json<DeploymentView>()).toMatchObject({
      cpu_requis: 8,
      ram_requise: 16,
      stockage_requis: 100,
      replicas: 10,
    });
  });

  it('takes the template defaults for what the inline form leaves out (storage, image, tag)', async () => {
    const res = await postDeploy(t, team.developer.token, env.id, {
      nom: 'Odoo inline',
      cpu: 1,
      ram: 2,
      replicas: 1,
      type_application: 'odoo',
      image_registry_url: '',
      image_tag: '',
      nom_domaine: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<DeploymentView>()).toMatchObject({
      template: 'odoo',
      type_application: 'ERP',
      image_registry_url: 'docker.io/library/odoo',
      image_tag: '16.0',
      stockage_requis: 20,
    });
  });

  it('normalises a domain written in capitals', async () => {
    const res = await postDeploy(
      t,
      team.developer.token,
      env.id,
      erpBody({ nom_domaine: ' Boutique.Exemple.SN ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ nom_de_domaine: string }>().nom_de_domaine).toBe('boutique.exemple.sn');
  });

  it('refuses a TLS certificate id that names no certificate of the project', async () => {
    const res = await postDeploy(
      t,
      team.developer.token,
      env.id,
      erpBody({
        nom_domaine: 'atelier.exemple.sn',
        certificat_tls_id: '00000000-0000-4000-8000-000000000000',
      }),
    );
    expectIssue(res, ['body', 'certificat_tls_id'], 'Certificat TLS introuvable dans ce projet.');
  });
});
