// npm run test:docs: the docs' spec blocks (scripts/doc-blocks.mjs) run against src/ in seconds, for writing docs.
// The package test (scripts/package-test.mjs) runs them, their config blocks and their CLI commands from the packed
// tarball; this is the quick loop before it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toolsEnv, writeDocsProject } from './doc-blocks.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'jest-k8s-placement-docs-'));
try {
  const { specs, blocks } = writeDocsProject(dir, 'specs');
  const config = {
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/specs/*.spec.ts'],
    transform: { '^.+\\.ts$': require_('@swc/jest') },
    moduleNameMapper: { '^jest-k8s-placement$': path.join(root, 'src/index.ts'), '^jest-k8s-placement/(.*)$': path.join(root, 'src/$1') },
    setupFilesAfterEnv: [path.join(root, 'src/jest.ts')],
  };
  writeFileSync(path.join(dir, 'jest.config.json'), JSON.stringify(config));
  const { env, missing } = toolsEnv(process.env);
  if (missing.length) console.log(`no ${missing.join(' or ')} built: the render examples fail; run npm run tools`);
  console.log(`${specs.length} spec blocks of ${blocks.length} blocks in the docs`);
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/jest/bin/jest.js'), '-c', path.join(dir, 'jest.config.json'), ...process.argv.slice(2)], { cwd: dir, stdio: 'inherit', env });
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function require_(name) {
  return path.join(root, 'node_modules', name);
}
