/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "commonjs", "moduleResolution": "bundler"}}
 */
// One Jest project per folder of src/ (its tests sit beside its code), one for the tests of src/'s own files (the
// entries and the CLI), and two for test/: e2e (through several floors, as the differential oracle found them) and
// repository (the layout, the docs, the exports, the mutation config, the security checks). `npm run test:unit --
// scheduler k8s` runs some of them (scripts/test-unit.mjs); a folder added to src/ gets its project here.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from 'jest';

/** Not Jest suites of this run: each has its own runner or config (package.json scripts). */
export const testPathIgnorePatterns = ['/node_modules/', '/test/vitest/', '/test/package/', '/test/chain/', '/test/corpus/'];

const shared = {
  testEnvironment: 'node',
  // every project sees the whole tree, so that --findRelatedTests follows imports across floors; testMatch picks its tests
  roots: ['<rootDir>/src', '<rootDir>/test'],
  transform: { '^.+\\.(t|j)sx?$': '@swc/jest' },
  testPathIgnorePatterns,
  setupFilesAfterEnv: ['<rootDir>/src/jest.ts'],
  // a test also depends on the matchers it calls, which the setup file registers (test/dependency-extractor.js)
  dependencyExtractor: '<rootDir>/test/dependency-extractor.js',
};

/** Jest's default testMatch, per folder. */
const TESTS = '?(*.)+(spec|test).?([mc])[jt]s?(x)';

const folders = fs.readdirSync(path.join(__dirname, 'src'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

const config: Config = {
  // a private TMPDIR per run, removed after it (test/private-tmpdir.js)
  globalSetup: '<rootDir>/test/private-tmpdir.js',
  globalTeardown: '<rootDir>/test/private-tmpdir-teardown.js',
  projects: [
    ...folders.map((folder) => ({ ...shared, displayName: folder, testMatch: [`<rootDir>/src/${folder}/**/${TESTS}`] })),
    { ...shared, displayName: 'src', testMatch: [`<rootDir>/src/${TESTS}`] },
    { ...shared, displayName: 'e2e', testMatch: [`<rootDir>/test/e2e/**/${TESTS}`] },
    { ...shared, displayName: 'repository', testMatch: [`<rootDir>/test/**/${TESTS}`], testPathIgnorePatterns: [...testPathIgnorePatterns, '/test/e2e/'] },
  ],
};

export default config;
