import type { Project } from '@nuage/shared/api-types';
import type { Certificate } from '@nuage/shared/certificate-types';
import { screen, within } from '@testing-library/react';
import { buildCertificate } from '@/features/certificates/testing/fixtures';
import { buildProject, buildProjectPage } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import CertificatesRoute from '../certificates';

/** /certificates signed in, with the projects and certificates the API answers. */
export function renderCertificates(
  opts: { projects?: Project[]; certificates?: Certificate[]; url?: string } = {},
) {
  const view = renderRoute(<CertificatesRoute />, {
    url: opts.url ?? '/certificates',
    path: '/certificates',
    user: buildUser(),
  });
  view.api
    .on('GET', '/projects', { body: buildProjectPage(opts.projects ?? [buildProject()]) })
    .on('GET', '/certificates', { body: opts.certificates ?? [buildCertificate()] });
  return view;
}

/** The list row of the certificate named `name`. */
export const row = (name: string) => screen.findByRole('listitem', { name });

/** Opens 'Nouveau certificat' and answers the dialog. */
export async function openCreateModal(user: ReturnType<typeof renderCertificates>['user']) {
  // The header's button (the empty state repeats it).
  const [button] = await screen.findAllByRole('button', { name: /Nouveau certificat/ });
  await user.click(button!);
  return screen.getByRole('dialog', { name: 'Nouveau certificat' });
}

export const fieldIn = (container: HTMLElement, label: RegExp | string) =>
  within(container).getByLabelText(label);
