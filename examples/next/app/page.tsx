import { Storefront } from './storefront';

// The service's address is the server's setting, read for each request.
export const dynamic = 'force-dynamic';

export default function Page() {
  return <Storefront baseUrl={process.env.STOREFRONT_BASE_URL ?? 'http://localhost:8787'} />;
}
