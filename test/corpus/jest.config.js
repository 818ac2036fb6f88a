// Run by scripts/corpus.mjs with K8S_CORPUS set to the corpus directory.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': '@swc/jest' },
  testMatch: ['<rootDir>/*.spec.ts'],
  setupFilesAfterEnv: ['<rootDir>/../../src/jest.ts'],
};
