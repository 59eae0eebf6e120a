import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import LandingPage from '@/app/routes/landing';

/** Build-time only (see vite.config.ts): the landing page's HTML, hydrated by landing-entry. */
export function render(): string {
  return renderToString(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
}
