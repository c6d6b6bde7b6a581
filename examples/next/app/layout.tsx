import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import 'storefront-elements/host.css';
import './store.css';

export const metadata: Metadata = { title: 'Analytical Goods (Next.js)' };
export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
