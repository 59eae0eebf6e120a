import { Features } from '@/features/landing/components/features';
import { FinalCta } from '@/features/landing/components/final-cta';
import { Footer } from '@/features/landing/components/footer';
import { Hero } from '@/features/landing/components/hero';
import { Platforms } from '@/features/landing/components/platforms';
import { Pricing } from '@/features/landing/components/pricing';
import { Process } from '@/features/landing/components/process';
import { SkipLink } from '@/features/landing/components/skip-link';
import { TopBar } from '@/features/landing/components/top-bar';

const MAIN_ID = 'contenu';

/**
 * The public landing page (SPEC §2). One tree for both entries: the SPA's lazy `/` route and
 * the light landing entry (pre-rendered, hydrated with React alone). Hence plain <a href>
 * links and no router, query client or API call anywhere below.
 */
export default function LandingPage() {
  return (
    <div className="min-h-screen bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink target={MAIN_ID} />
      <TopBar />
      <main id={MAIN_ID} tabIndex={-1} className="scroll-mt-32 outline-none lg:scroll-mt-16">
        <Hero />
        <Platforms />
        <Process />
        <Features />
        <Pricing />
        <FinalCta />
      </main>
      <Footer />
    </div>
  );
}
