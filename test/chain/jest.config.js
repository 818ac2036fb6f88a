// Two projects over the same specs: Jest's global expect, and @jest/globals' expect with injectGlobals off.
const base = { rootDir: __dirname, testEnvironment: 'node', transform: { '^.+\\.(t|j)sx?$': '@swc/jest' }, testMatch: ['<rootDir>/*.spec.ts'] };
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
