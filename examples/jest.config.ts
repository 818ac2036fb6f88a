/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "commonjs", "moduleResolution": "bundler"}}
 */
import type { Config } from 'jest';

// The examples use the package by name, as a user's repository would; here the name maps to src/ — the
// setup file too, so that setup and specs share one module instance (one configure(), one origin table)
// and a fresh clone runs them with nothing built.
const config: Config = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': '@swc/jest' },
  testMatch: ['<rootDir>/**/*.spec.ts'],
  moduleNameMapper: {
    '^jest-k8s-placement$': '<rootDir>/../src/index.ts',
    '^jest-k8s-placement/(.*)$': '<rootDir>/../src/$1',
  },
  // setupFilesAfterEnv is resolved without moduleNameMapper, so it names the source file itself.
  setupFilesAfterEnv: ['<rootDir>/../src/jest.ts'],
  verbose: true,
};

export default config;
