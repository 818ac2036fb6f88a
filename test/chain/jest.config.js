// Two projects: Jest's global expect, and `@jest/globals` with injectGlobals off.
const base = { rootDir: __dirname, testEnvironment: 'node', transform: { '^.+\\.(t|j)sx?$': '@swc/jest' } };
module.exports = {
  projects: [
    { ...base, displayName: 'global', testMatch: ['<rootDir>/global.spec.ts'], setupFilesAfterEnv: ['<rootDir>/../../src/jest.ts'] },
    { ...base, displayName: 'jest-globals', injectGlobals: false, testMatch: ['<rootDir>/globals.spec.ts'], setupFilesAfterEnv: ['<rootDir>/../../src/jest-globals.ts'] },
  ],
};
