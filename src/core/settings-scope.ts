// The runners' hooks that scope `configure` (installed by jest-k8s-placement/jest, /jest-globals and /vitest). This
// module imports nothing: the entries install the hooks without loading the settings (config.ts, the releases table),
// which a spec file that makes no placement assertion never needs. config.ts, once loaded, hands the hooks its scope.

export interface RunnerHooks {
  beforeEach(fn: () => void): void;
  afterEach(fn: () => void): void;
  afterAll(fn: () => void): void;
}

/** What the hooks do to the settings (config.ts): mark them at a test's start, put them back at its end, reset. */
export interface SettingsScope {
  beforeTest(): void;
  afterTest(): void;
  afterFile(): void;
}

let scope: SettingsScope | undefined;
let inTest = false;

export function installSettingsHooks(hooks: RunnerHooks): void {
  // What configure() did at the file's top level or in beforeAll holds for every test;
  // what a test (or its beforeEach) did is undone when it ends.
  hooks.beforeEach(() => {
    inTest = true;
    scope?.beforeTest();
  });
  hooks.afterEach(() => {
    inTest = false;
    scope?.afterTest();
  });
  // Vitest --no-isolate keeps the modules for the next file: start it from the defaults.
  hooks.afterAll(() => scope?.afterFile());
}

/**
 * config.ts, when first loaded: the hooks act on its settings from now on. Loaded during a test (by its first
 * assertion or its configure call), the settings the test started from are the defaults, which it holds now.
 */
export function scopeSettings(s: SettingsScope): void {
  scope = s;
  if (inTest) s.beforeTest();
}
