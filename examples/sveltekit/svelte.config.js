import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
export default {
  preprocess: vitePreprocess(),
  // `node dist` serves the built store (PORT, HOST and ORIGIN from the environment)
  kit: { adapter: adapter({ out: 'dist' }) },
};
