// configure() scoping in real Jest runs: the global-expect entry and the @jest/globals entry, over the same specs.
const base = { rootDir: __dirname, testEnvironment: 'node', transform: { '^.+\\.(t|j)sx?$': '@swc/jest' }, testMatch: ['<rootDir>/*.check.ts'] };
module.exports = {
  projects: [
    { ...base, displayName: 'global', setupFilesAfterEnv: ['<rootDir>/../../src/jest.ts'] },
    {
      ...base,
      displayName: 'jest-globals',
      injectGlobals: false,
      setupFilesAfterEnv: ['<rootDir>/../../src/jest-globals.ts', '<rootDir>/globals-setup.ts'],
    },
  ],
};
