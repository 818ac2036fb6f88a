// The entries scope configure() without loading the settings (core/settings-scope.ts): when the package is first
// loaded inside a test, what that test configures is still undone when it ends.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib = () => require('../../src') as typeof import('../../src');
let version: string | undefined;

test('the first test loads the package and configures another release', () => {
  version = lib().settings().kubernetesVersion;
  lib().configure({ kubernetesVersion: version === '1.33' ? '1.34' : '1.33' });
  expect(lib().settings().kubernetesVersion).not.toBe(version);
});

test('the next test starts from the defaults', () => {
  expect(version).toBeDefined();
  expect(lib().settings().kubernetesVersion).toBe(version);
});
