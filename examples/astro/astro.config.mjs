import { defineConfig } from 'astro/config';

export default defineConfig({ telemetry: false });
