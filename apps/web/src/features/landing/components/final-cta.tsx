import { MONEY_BACK_GUARANTEE_DAYS } from '@nuage/shared/plans';
import { ArrowRight, Mail } from 'lucide-react';
import { contacts, mailto } from '../content';

const sales = contacts[0];

export function FinalCta() {
  return (
    <section aria-labelledby="final-cta-title" className="px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-blue-700 via-blue-600 to-indigo-700 px-6 py-14 text-center shadow-2xl sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-white/10 blur-2xl"
        />
        <h2
          id="final-cta-title"
          className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          Prêt à faire décoller votre entreprise&nbsp;?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-blue-50">
          Créez votre compte, mettez votre première application en ligne en moins de 5&nbsp;minutes
          et profitez de {MONEY_BACK_GUARANTEE_DAYS}&nbsp;jours satisfait ou remboursé.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <a
            href="/register"
            className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-white px-6 text-base font-semibold text-blue-700 shadow-lg transition-colors hover:bg-blue-50 focus-visible:outline-white sm:w-auto"
          >
            Créer mon compte
            <ArrowRight className="size-5" aria-hidden="true" />
          </a>
          <a
            href={mailto(sales.email, sales.subject)}
            className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg px-6 text-base font-medium text-white ring-1 ring-white/50 transition-colors ring-inset hover:bg-white/10 focus-visible:outline-white sm:w-auto"
          >
            <Mail className="size-5" aria-hidden="true" />
            Parler à un conseiller
          </a>
        </div>
      </div>
    </section>
  );
}
