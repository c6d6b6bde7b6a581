// https://nuxt.com/docs/api/nuxt-config
export default defineNuxtConfig({
  compatibilityDate: '2026-08-01',
  telemetry: false,
  devtools: { enabled: false },
  css: ['storefront-elements/host.css', '~/assets/store.css'],
  vue: {
    // the store's elements are custom elements, not Vue components (on the server and in the browser)
    compilerOptions: { isCustomElement: (tag) => tag.startsWith('account-') || tag === 'catalog-list' },
  },
  runtimeConfig: {
    // set when the server starts: NUXT_PUBLIC_STOREFRONT_BASE_URL
    public: { storefrontBaseUrl: 'http://localhost:8787' },
  },
  app: {
    head: {
      title: 'Analytical Goods (Nuxt)',
      htmlAttrs: { lang: 'en' },
    },
  },
});
