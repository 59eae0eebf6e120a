import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import LandingPage from '@/app/routes/landing';
import './index.css';

/**
 * The light entry of landing.html, served for `/`: React and the landing page only (no router,
 * query client or API). The build pre-renders the page into #root, so this only hydrates it;
 * under `vite` (dev) #root is empty and the page is rendered instead.
 */
const root = document.getElementById('root')!;
const page = (
  <StrictMode>
    <LandingPage />
  </StrictMode>
);
if (root.firstElementChild) hydrateRoot(root, page);
else createRoot(root).render(page);
