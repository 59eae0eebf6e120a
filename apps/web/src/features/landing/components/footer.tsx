import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@nuage/shared/product';
import type { ReactNode } from 'react';
import { contacts, mailto, navLinks } from '../content';
import { BrandLink } from './brand-link';

const linkClass =
  'rounded text-slate-600 hover:text-blue-700 hover:underline dark:text-slate-400 dark:hover:text-blue-300';

function Column({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h2>
      <ul className="mt-4 space-y-3 text-sm">{children}</ul>
    </div>
  );
}

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:grid-cols-3 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="col-span-2 sm:col-span-3 lg:col-span-2">
          <BrandLink />
          <p className="mt-4 max-w-xs text-sm text-slate-600 dark:text-slate-400">
            {PRODUCT_TAGLINE}. La plateforme de déploiement cloud des entreprises d’Afrique de
            l’Ouest.
          </p>
        </div>
        <Column title="Produit">
          {navLinks.map((link) => (
            <li key={link.id}>
              <a href={`#${link.id}`} className={linkClass}>
                {link.label}
              </a>
            </li>
          ))}
        </Column>
        <Column title="Compte">
          <li>
            <a href="/login" className={linkClass}>
              Se connecter
            </a>
          </li>
          <li>
            <a href="/register" className={linkClass}>
              Créer un compte
            </a>
          </li>
        </Column>
        <Column title="Nous écrire" className="col-span-2 sm:col-span-1">
          {contacts.map((contact) => (
            <li key={contact.email}>
              <a href={mailto(contact.email, contact.subject)} className={linkClass}>
                {contact.label}
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {contact.email}
                </span>
              </a>
            </li>
          ))}
        </Column>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-6 text-xs text-slate-600 sm:flex-row sm:justify-between sm:px-6 lg:px-8 dark:text-slate-400">
          <span>© {PRODUCT_NAME}. Tous droits réservés.</span>
          <span>Prix affichés en XOF (franc CFA BCEAO), par mois.</span>
        </p>
      </div>
    </footer>
  );
}
