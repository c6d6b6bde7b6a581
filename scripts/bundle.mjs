import { resolve } from 'node:path';
import MagicString from 'magic-string';
import { minify } from 'terser';
import { build } from 'vite';
import { minifyHTMLLiterals } from 'minify-literals';

/**
 * Minifies the `html` and `css` template literals of our own sources, so the source stays readable CSS and
 * markup while the shipped file carries no indentation or comments inside them. minify-literals 1.x (the line that
 * runs on Node 20) leaves quotes around attribute values and runs clean-css at level 1 unless told otherwise;
 * lit reads unquoted attribute values (`aria-selected=${…}`) as it reads quoted ones.
 */
function minifyTemplateLiterals() {
  const minifyOptions = { removeAttributeQuotes: true, minifyCSS: { level: 2 } };
  return {
    name: 'minify-template-literals',
    async transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id)) return null;
      return minifyHTMLLiterals(code, { fileName: id, minifyOptions });
    },
  };
}

/**
 * Our style sheets are plain CSS, with no `${…}` in them: the build turns each `css\`…\`` into
 * `unsafeCSS(\`…\`)`, the same CSSResult without lit's `css` tag, whose checks of interpolated values (and their
 * error messages) then leave the bundle.
 */
function plainStyleSheets() {
  return {
    name: 'plain-style-sheets',
    transform(code, id) {
      if (!/\/src\/.*\.styles\.ts$/.test(id)) return null;
      const out = new MagicString(code);
      const imported = /import\s*\{\s*css\s*\}\s*from\s*(['"])lit\1/.exec(code);
      if (!imported) throw new Error(`${id}: expected \`import { css } from 'lit'\``);
      out.overwrite(imported.index, imported.index + imported[0].length, "import { unsafeCSS } from 'lit'");
      for (const sheet of code.matchAll(/\bcss`([^`]*)`/g)) {
        if (sheet[1].includes('${')) throw new Error(`${id}: a style sheet with \${…} needs lit's css tag`);
        // the tag becomes a call; the sheet's text stays where it was, so the source map keeps it in this module
        out.overwrite(sheet.index, sheet.index + 4, 'unsafeCSS(`');
        out.appendLeft(sheet.index + sheet[0].length, ')');
      }
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
    },
  };
}

/**
 * A second pass over each bundled chunk: terser, given the whole module, folds what the bundler's own minifier
 * leaves (about 0.3 kB gzip of the shopper file). Done on the chunk, not the written file, so that what the
 * bundler returns (and the size report reads) is what ships.
 */
function minifyAgain() {
  return {
    name: 'minify-again',
    async generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const result = await minify(chunk.code, {
          module: true,
          ecma: 2022,
          compress: { passes: 3 },
          sourceMap: chunk.map ? { content: JSON.stringify(chunk.map) } : false,
        });
        chunk.code = /** @type {string} */ (result.code);
        if (chunk.map && typeof result.map === 'string') Object.assign(chunk.map, JSON.parse(result.map));
      }
    },
  };
}

/**
 * What lets a self-contained file be imported where no page is (a server's `import`, a test runner in Node):
 * lit's browser build, inside it, extends `HTMLElement`, asks `document` for a tree walker and, where a server's DOM
 * shim has `ShadowRoot` and `Document`, reads `CSSStyleSheet.prototype` as it loads. These three names, local to
 * the file, are the page's own in a browser and stand-ins elsewhere; nothing global changes, and the elements
 * register only where there is a registry (StorefrontElement.define).
 */
const SERVER_GUARD =
  'const HTMLElement = globalThis.HTMLElement ?? class {}, document = globalThis.document ?? { createTreeWalker() {} }, ' +
  'CSSStyleSheet = globalThis.CSSStyleSheet ?? class {};';

/** Whether the chunk carries lit: the shopper file's core chunk, the operator file; all a page runs as it loads. */
const carriesLit = (chunk) => chunk.moduleIds.some((id) => /[\\/]lit-html[\\/]/.test(id));

/** The guard, for the file that carries lit. */
const serverGuard = (chunk) => (carriesLit(chunk) ? SERVER_GUARD : '');

/**
 * V8's explicit compile hint (Chrome 136 on; to other browsers a comment): a file that starts with this line has
 * every function compiled while the browser streams it in, on a background thread, rather than each on the main
 * thread the first time it is called. Most functions of the file that carries lit run as a page with the elements
 * loads (lit, the registration, the first render), so the main thread saves compiling them, and parsing each twice.
 * The price is the background work for the functions a page does not run, which delays a file that arrives all at
 * once (docs/benchmarks.md has both). Chunks loaded on first use keep the lazy compile: much of their code waits for
 * a click or never runs. Added after the minifier, which drops comments; the source map moves one line down with
 * the code.
 */
function compileHint() {
  return {
    name: 'compile-hint',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !carriesLit(chunk)) continue;
        chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
      }
    },
  };
}

/**
 * The self-contained files `npm run build` ships, by name: their entry module, and whether the file is a one-line
 * entry over its core (a file with chunks loaded on first use is; see coreGroup). The operator file has none and
 * stays one file.
 */
export const SELF_CONTAINED = {
  'storefront-elements': { entry: 'src/bundles/storefront-elements.ts', core: true },
  'storefront-operator': { entry: 'src/bundles/storefront-operator.ts', core: false },
};

/** The modules `from` imports statically, itself included, leaving out those in `known`. */
function staticClosure(from, getModuleInfo, known = new Set()) {
  const closure = new Set();
  const pending = [from];
  while (pending.length) {
    const id = pending.pop();
    if (closure.has(id) || known.has(id)) continue;
    closure.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return closure;
}

/**
 * The chunk group that holds every module the entry imports statically (all a page runs on load), so that the
 * entry file is left a one-line re-export of `chunks/<name>-<hash>.js`. A chunk loaded on first use imports what it
 * shares from that core chunk by its own plain, content-hashed address, whatever address the page loaded the entry
 * file by (`?v=123` included): the browser keeps one copy of the elements.
 *
 * What two chunks loaded on first use share (the row heights of the catalog list and the account menu) goes in the
 * core too, rather than in a third file that the browser would find only once it has a chunk, a round trip later.
 */
function coreGroup(entry, fileName) {
  let core;
  return {
    debugName: 'core',
    name(id, context) {
      const getModuleInfo = (module) => context.getModuleInfo(module);
      if (!core) {
        core = staticClosure(resolve(entry), getModuleInfo);
        const seen = new Set();
        const shared = new Set();
        const lazy = [...core].flatMap((module) => getModuleInfo(module)?.dynamicallyImportedIds ?? []);
        for (const chunk of new Set(lazy)) {
          for (const module of staticClosure(chunk, getModuleInfo, core))
            (seen.has(module) ? shared : seen).add(module);
        }
        for (const module of shared) core.add(module);
      }
      return core.has(id) ? fileName.replace(/\.js$/, '') : null;
    },
  };
}

/**
 * Builds one self-contained ES module the way `npm run build` ships them: lit and every dependency
 * included, ES2022, fully minified (Vite 8 leaves ES output partly unminified unless told).
 *
 * A chunk the sources load with `import()` (see src/internal/chunks.ts) becomes a file of its own under `chunks/`
 * beside it, `chunks/<module>-<hash>.js`, which imports what it shares with the bundle from the bundle itself; what
 * only chunks share goes in a chunk of its own. So a page loads the one file, and a chunk's file when it first runs it.
 *
 * Returns the bundler's output chunks, the entry first (code, map, and the modules each holds); `write: false`
 * keeps them off the disk. A `'hidden'` source map leaves the code byte for byte as shipped.
 */
export async function buildBundle({
  entry,
  outDir,
  fileName,
  sourcemap = false,
  write = true,
  logLevel = 'silent',
  core = false,
}) {
  const result = await build({
    configFile: false,
    logLevel,
    root: process.cwd(),
    plugins: [minifyTemplateLiterals(), plainStyleSheets(), minifyAgain(), compileHint()],
    build: {
      outDir,
      emptyOutDir: false,
      write,
      target: 'es2022',
      sourcemap,
      lib: { entry, formats: ['es'], fileName: () => fileName },
      rolldownOptions: {
        // the bundle may export more than its entry module (under short names), so that what it shares with a
        // chunk stays in it rather than in a third file every page would load too
        preserveEntrySignatures: 'allow-extension',
        // the core chunk stays a chunk of its own rather than merged back into the entry that alone imports it
        ...(core && { experimental: { chunkOptimization: { mergeCommonChunks: false } } }),
        output: {
          minify: true,
          chunkFileNames: 'chunks/[name]-[hash].js',
          banner: serverGuard,
          ...(core && { codeSplitting: { groups: [coreGroup(entry, fileName)] } }),
        },
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs.flatMap(({ output }) => output).filter((file) => file.type === 'chunk');
  return chunks.sort((a, b) => Number(b.isEntry) - Number(a.isEntry));
}

/** Where the compiler (oxc) takes the helpers of the decorators it compiles from. */
const DECORATOR_HELPERS = '@oxc-project/runtime';

/**
 * dist/**\/*.js for bundlers and TypeScript users: one module per source module, under the same path, with the
 * same two build steps as the bundles (minified template literals, plain style sheets) but otherwise as written;
 * lit and the other dependencies stay imports. tsc writes the .d.ts beside them.
 */
export async function buildModules({ entries, outDir }) {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: process.cwd(),
    plugins: [minifyTemplateLiterals(), plainStyleSheets()],
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      minify: false,
      lib: { entry: entries, formats: ['es'] },
      rolldownOptions: {
        // a bare name is a dependency of the package, which the user's bundler resolves; the compiler's helpers for
        // lit's decorators are not, and ship in dist/helpers/
        external: (id) => /^[@a-z]/.test(id) && !id.startsWith(DECORATOR_HELPERS),
        output: {
          preserveModules: true,
          preserveModulesRoot: 'src',
          // the helpers come as virtual modules named after the package and its version: dist/helpers/decorate.js
          entryFileNames: ({ name }) =>
            name.includes(DECORATOR_HELPERS.replace('/', '_')) ? `helpers/${name.split('/').pop()}.js` : '[name].js',
        },
      },
    },
  });
}
