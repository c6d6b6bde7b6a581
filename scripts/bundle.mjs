import { build } from 'vite';
import { minifyHTMLLiterals } from 'minify-literals';

/**
 * Minifies the `html` and `css` template literals of our own sources, so the source stays readable CSS and
 * markup while the shipped file carries no indentation or comments inside them.
 */
function minifyTemplateLiterals() {
  return {
    name: 'minify-template-literals',
    async transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id)) return null;
      return minifyHTMLLiterals(code, { fileName: id });
    },
  };
}

/**
 * Builds one self-contained ES module the way `npm run build` ships them: lit and every dependency
 * included, ES2022, fully minified (Vite 8 leaves ES output partly unminified unless told).
 * Returns the bundler's output chunk (code, map, and the modules it holds); `write: false` keeps it off the disk.
 * A `'hidden'` source map leaves the code byte for byte as shipped.
 */
export async function buildBundle({ entry, outDir, fileName, sourcemap = false, write = true, logLevel = 'silent' }) {
  const result = await build({
    configFile: false,
    logLevel,
    root: process.cwd(),
    plugins: [minifyTemplateLiterals()],
    build: {
      outDir,
      emptyOutDir: false,
      write,
      target: 'es2022',
      sourcemap,
      lib: { entry, formats: ['es'], fileName: () => fileName },
      rolldownOptions: { output: { minify: true } },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap(({ output }) => output).find((file) => file.type === 'chunk' && file.isEntry);
}
