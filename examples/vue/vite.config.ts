import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    vue({
      // the store's elements are custom elements, not Vue components
      template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('account-') || tag === 'catalog-list' } },
    }),
  ],
});
