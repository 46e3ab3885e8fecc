import { startTransition, useEffect, useState } from 'react';
import { DashboardDemo } from '../../features/landing/components/dashboard-demo';
import { Hero } from '../../features/landing/components/hero';
import { HowItWorks } from '../../features/landing/components/how-it-works';
import { PricingSection } from '../../features/landing/components/pricing-section';
import { SecuritySection } from '../../features/landing/components/security-section';
import { SiteFooter } from '../../features/landing/components/site-footer';
import { SiteHeader } from '../../features/landing/components/site-header';
import { StatsSection } from '../../features/landing/components/stats-section';
import { SupportSection } from '../../features/landing/components/support-section';
import { TransactionCalculator } from '../../features/landing/components/transaction-calculator';
import { ValueBanner } from '../../features/landing/components/value-banner';
import { WalletSection } from '../../features/landing/components/wallet-section';
import { JoinWaitlistButton, WaitlistLauncher } from '../../features/waitlist/components/waitlist-launcher';
import { t } from '../../lib/i18n';

/**
 * Each section below the first screen is styled, laid out and painted only when it comes near the
 * viewport (`content-visibility: auto`; until then it holds an estimated height, then its last real
 * one), so the first render does not lay out the whole long page. It stays in the accessibility tree,
 * in find-in-page and reachable by links into the page.
 */
const offscreenUntilNear = '*:[content-visibility:auto] *:[contain-intrinsic-size:auto_40rem]';

/** The public landing page, its sections in order. */
export default function LandingPage() {
  const belowTheFold = useBelowTheFold();
  useEffect(() => {
    document.title = t('Amana Escrow — safe payments for buyers and sellers in Nigeria');
  }, []);

  return (
    <WaitlistLauncher>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:outline-2 focus:outline-brand-700"
      >
        {t('Skip to main content')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-14 sm:px-6 md:py-20">
          <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-[1.15fr_1fr]">
            <Hero cta={<JoinWaitlistButton />} />
            <TransactionCalculator />
          </div>
        </div>
        {belowTheFold ? (
          <div className={offscreenUntilNear}>
            <StatsSection />
            <ValueBanner cta={<JoinWaitlistButton variant="light" className="shrink-0" />} />
            <DashboardDemo />
            <HowItWorks />
            <WalletSection />
            <SecuritySection />
            <PricingSection cta={<JoinWaitlistButton />} />
            <SupportSection />
          </div>
        ) : null}
      </main>
      {belowTheFold ? (
        <div className={offscreenUntilNear}>
          <SiteFooter />
        </div>
      ) : null}
    </WaitlistLauncher>
  );
}

/**
 * The first paint needs only the header, the hero and the calculator. The rest of the page renders
 * right after, in a transition that React splits into small slices, so no long task blocks the
 * visitor's first tap (Lighthouse TBT). Nothing visible moves: the new sections appear below.
 * A link into the page (/#pricing) is honoured once its section exists.
 */
function useBelowTheFold(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  useEffect(() => {
    if (!ready || window.location.hash.length < 2) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [ready]);
  return ready;
}
