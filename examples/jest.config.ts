/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "commonjs", "moduleResolution": "bundler"}}
 */
import type { Config } from 'jest';

// The examples use the package by name, as a user's repository would; here the name maps to src/.
const config: Config = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': '@swc/jest' },
  testMatch: ['<rootDir>/**/*.spec.ts'],
  moduleNameMapper: {
    '^jest-k8s-placement$': '<rootDir>/../src/index.ts',
    '^jest-k8s-placement/(.*)$': '<rootDir>/../src/$1',
  },
  setupFilesAfterEnv: ['jest-k8s-placement/jest'],
  verbose: true,
};

export default config;
