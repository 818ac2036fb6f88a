// Jest's globalSetup and globalTeardown (jest.config.ts), and Vitest's globalSetup (test/vitest): each run of the suite gets its own temp directory, removed
// at the end, so the fixtures the tests make under os.tmpdir() (projects, caches, renders, dumps) never pile up in
// a shared runner's /tmp. Workers start after globalSetup and inherit TMPDIR. 0711: the second-user security tests'
// other user reaches the directories it is given by name inside, and cannot list it.
const { chmodSync, mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const KEY = '__jestK8sPlacementTmpdir';

async function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jkp-test-run-'));
  chmodSync(dir, 0o711);
  globalThis[KEY] = { dir, saved: process.env.TMPDIR };
  process.env.TMPDIR = dir;
  return teardown; // Vitest's teardown; Jest's is private-tmpdir-teardown.js
}

async function teardown() {
  const run = globalThis[KEY];
  if (!run) return;
  delete globalThis[KEY];
  if (run.saved === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = run.saved;
  rmSync(run.dir, { recursive: true, force: true });
}

module.exports = setup;
module.exports.teardown = teardown;
