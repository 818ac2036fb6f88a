// Jest's dependencyExtractor (jest.config.ts): what a test file depends on, for --findRelatedTests and --onlyChanged.
// Jest's own extraction sees imports and requires only; the matchers a test calls (`expect(pod).toTolerate(node)`)
// are registered by the setup file (src/jest.ts), which Jest's graph does not follow. So a test file also depends on
// the module of every matcher it names (`.toTolerate`, `expect.not.toTolerate`, …) and on their lazy registration.
// The names are read from src/matchers/lazy.ts MATCHER_NAMES; each matcher is src/matchers/<name>.ts.
const fs = require('node:fs');
const path = require('node:path');

const MATCHERS = path.join(__dirname, '../src/matchers');
const LAZY = path.join(MATCHERS, 'lazy.ts');
const lazySource = fs.readFileSync(LAZY, 'utf8');
const NAMES = [...(/MATCHER_NAMES = \[([^\]]*)\]/.exec(lazySource)?.[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]);
if (NAMES.length === 0) throw new Error(`${LAZY}: no MATCHER_NAMES found`);
const USED = new RegExp(`\\.(${NAMES.join('|')})\\b`, 'g');
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

module.exports = {
  extract(code, filePath, defaultExtract) {
    const deps = new Set(defaultExtract(code, filePath));
    if (!TEST_FILE.test(filePath)) return deps;
    const used = new Set([...code.matchAll(USED)].map((m) => m[1]));
    if (used.size > 0) deps.add(LAZY);
    for (const name of used) deps.add(path.join(MATCHERS, `${name}.ts`));
    return deps;
  },
  // the names can change without this file changing
  getCacheKey: () => `${__filename}:${NAMES.join(',')}`,
};
