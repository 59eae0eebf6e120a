import { deployMessages as m } from '@nuage/shared/schemas/deployments';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  continueButton,
  field,
  onStep,
  preselectedUrl,
  reachConfiguration,
  renderWizard,
  setField,
} from './testing/render-wizard';

const NAME = "Nom de l'application";

describe('deploy wizard, step 4 "Configuration" (SPEC §5)', { timeout: 20_000 }, () => {
  it("starts from WordPress's SPEC §9 defaults: 0.5 core (step 0.1), 0.5 GB, 20 GB, 1 replica", async () => {
    const { user } = renderWizard(preselectedUrl);
    await reachConfiguration(user);
    expect(field('CPU (cores)')).toHaveValue(0.5);
    expect(field('CPU (cores)')).toHaveAttribute('step', '0.1');
    expect(field('RAM (GB)')).toHaveValue(0.5);
    expect(field('Stockage (GB)')).toHaveValue(20);
    expect(field('Instances')).toHaveValue(1);
    expect(field(NAME)).toHaveValue('');
    expect(field(/Nom de domaine personnalisé/)).toHaveValue('');
  });

  it("gives Odoo its SPEC §9 resources, 1 core and 2 GB, the card's figures", async () => {
    const { user } = renderWizard(preselectedUrl);
    await reachConfiguration(user, 'Odoo');
    expect(field('CPU (cores)')).toHaveValue(1);
    expect(field('RAM (GB)')).toHaveValue(2);
  });

  it('asks WordPress for its admin account and MariaDB passwords, all optional', async () => {
    const { user } = renderWizard(preselectedUrl);
    await reachConfiguration(user, 'WordPress');
    for (const label of [
      /Mot de passe administrateur WordPress/,
      /Mot de passe root MariaDB/,
      /Mot de passe utilisateur MariaDB/,
    ]) {
      expect(field(label)).toHaveAttribute('type', 'password');
      expect(field(label)).toHaveAccessibleDescription(/un mot de passe fort est généré/);
    }
    expect(field(/Email administrateur WordPress/)).toBeVisible();
    expect(screen.queryByLabelText(/Odoo/)).toBeNull();
    expect(screen.queryByLabelText(/PostgreSQL/)).toBeNull();
  });

  it('asks Odoo for its admin account and the PostgreSQL password', async () => {
    const { user } = renderWizard(preselectedUrl);
    await reachConfiguration(user, 'Odoo');
    expect(field(/Email administrateur Odoo/)).toBeVisible();
    expect(field(/Mot de passe administrateur Odoo/)).toHaveAttribute('type', 'password');
    expect(field(/Mot de passe PostgreSQL/)).toHaveAccessibleDescription(
      /un mot de passe fort est généré/,
    );
    expect(screen.queryByLabelText(/MariaDB/)).toBeNull();
  });

  it("says 'Le nom de l'application est requis' when the name is emptied", async () => {
    const { user } = renderWizard(preselectedUrl);
    await reachConfiguration(user);
    await user.type(field(NAME), 'blog');
    await user.clear(field(NAME));
    await user.tab();
    expect(field(NAME)).toHaveAccessibleDescription(m.nameRequired);
  });

  const cases: [label: string | RegExp, value: string, message: string][] = [
    ['CPU (cores)', '', m.cpuRequired],
    ['CPU (cores)', '0.05', m.cpuMin],
    ['CPU (cores)', '8.5', m.cpuMax],
    ['RAM (GB)', '', m.ramRequired],
    ['RAM (GB)', '0.4', m.ramMin],
    ['RAM (GB)', '17', m.ramMax],
    ['Stockage (GB)', '', m.storageRequired],
    ['Stockage (GB)', '0', m.storageMin],
    ['Stockage (GB)', '101', m.storageMax],
    ['Instances', '', m.replicasRequired],
    ['Instances', '0', m.replicasMin],
    ['Instances', '11', m.replicasMax],
    [/Mot de passe administrateur WordPress/, 'court', m.passwordMin],
    [/Mot de passe root MariaDB/, 'court', m.passwordMin],
    [/Mot de passe utilisateur MariaDB/, 'x'.repeat(129), m.passwordMax],
    [/Email administrateur WordPress/, 'pas-un-email', 'Adresse email invalide'],
    [/Nom de domaine personnalisé/, 'pas un domaine', m.domainInvalid],
  ];

  it.each(cases)(
    '%s = "%s" reads "%s" and keeps the user on step 4',
    async (label, value, message) => {
      const { user } = renderWizard(preselectedUrl);
      await reachConfiguration(user);
      await setField(user, NAME, 'blog');
      await setField(user, label, value);
      await user.click(continueButton());
      expect(field(label)).toHaveAccessibleDescription(message);
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      await onStep(4);
      expect(screen.queryByRole('heading', { name: /^Étape 5/ })).toBeNull();
    },
  );

  it('continues once every value is valid; empty passwords are fine', async () => {
    const { user } = renderWizard(preselectedUrl);
    await reachConfiguration(user);
    await setField(user, NAME, 'blog');
    await setField(user, 'CPU (cores)', '8');
    await setField(user, 'RAM (GB)', '16');
    await setField(user, 'Stockage (GB)', '100');
    await setField(user, 'Instances', '10');
    await setField(user, /Nom de domaine personnalisé/, 'blog.exemple.sn');
    await user.click(continueButton());
    await onStep(5);
    expect(screen.getByText(/3 mots de passe laissés vides seront générés/)).toBeVisible();
  });
});
