import { build } from 'vite';

/**
 * Builds one self-contained ES module the way `npm run build` ships them: lit and every dependency
 * included, ES2022, fully minified (Vite 8 leaves ES output partly unminified unless told).
 */
export async function buildBundle({ entry, outDir, fileName, sourcemap = false, logLevel = 'silent' }) {
  await build({
    configFile: false,
    logLevel,
    root: process.cwd(),
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      sourcemap,
      lib: { entry, formats: ['es'], fileName: () => fileName },
      rolldownOptions: { output: { minify: true } },
    },
  });
}
