// The sources load some modules on first use with a CommonJS `require('./module')` (loader/index.ts: glob's and the
// disk cache's), as do a few tests; Jest and the built package (dist/*.js) resolve them. Under Vite's module runner
// (this repository's Vitest configs, StrykerJS's vitest-runner) `require` is Node's own, which cannot load a
// TypeScript file (vitest-dev/vitest#846, wontfix). This plugin turns each relative require of a TypeScript file into
// an import of the same module: eager under Vitest, one module instance shared with the static imports (one settings
// table), and still lazy wherever the sources are compiled to CommonJS (test/lazy-entry.test.ts checks that).
// test/vitest/lazy-loads.test.ts runs the loader's under Vitest. (index.ts's lazy exports are not loaded here: Vite
// resolves `src` to index.mts, their eager twin.)
import type { Plugin } from 'vite';

const RELATIVE_REQUIRE = /\brequire\((['"])(\.{1,2}\/[^'"]+)\1\)/g;

export function lazyRequire(): Plugin {
  return {
    name: 'jest-k8s-placement:lazy-require',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.ts$/.test(id.split('?')[0])) return undefined;
      const modules: string[] = [];
      // every line stays where it was (stack traces, coverage): the imports go after the last line; imports hoist
      const body = code.replace(RELATIVE_REQUIRE, (_, _q: string, specifier: string) => {
        const at = modules.indexOf(specifier);
        return `__lazyRequire${at < 0 ? modules.push(specifier) - 1 : at}`;
      });
      if (!modules.length) return undefined;
      const imports = modules.map((m, i) => `import * as __lazyRequire${i} from ${JSON.stringify(m)};`).join(' ');
      return { code: `${body}\n${imports}\n`, map: null };
    },
  };
}
