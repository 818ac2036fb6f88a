// The entry scopes configure() without loading the settings (core/settings-scope.ts): when the package is first
// loaded inside a test, what that test configures is still undone when it ends.
import { expect, test } from 'vitest';

let version: string | undefined;

test('the first test loads the package and configures another release', async () => {
  const lib = await import('../../src/index.js');
  version = lib.settings().kubernetesVersion;
  lib.configure({ kubernetesVersion: version === '1.33' ? '1.34' : '1.33' });
  expect(lib.settings().kubernetesVersion).not.toBe(version);
});

test('the next test starts from the defaults', async () => {
  const lib = await import('../../src/index.js');
  expect(version).toBeDefined();
  expect(lib.settings().kubernetesVersion).toBe(version);
});
