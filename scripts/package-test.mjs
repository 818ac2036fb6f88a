// Packs the package, installs the tarball into a fresh temporary project, and runs specs there
// with Jest's global expect, with @jest/globals, and with Vitest; also type-checks the consumer code.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const version = (name) => lock.packages[`node_modules/${name}`].version;
const tmp = mkdtempSync(path.join(tmpdir(), 'jest-k8s-placement-'));
const run = (cmd, args, cwd) => {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
};

try {
  run('npm', ['pack', '--silent', '--pack-destination', tmp], root);
  const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  const project = path.join(tmp, 'project');
  cpSync(path.join(root, 'test/package'), project, { recursive: true });
  // the same spec for each runner, importing its test API explicitly where there are no globals
  const spec = readFileSync(path.join(project, 'global.spec.ts'), 'utf8');
  writeFileSync(path.join(project, 'globals.spec.ts'), `import { expect, test } from '@jest/globals';\n${spec}`);
  writeFileSync(path.join(project, 'vitest.spec.ts'), `import { expect, test } from 'vitest';\n${spec}`);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }, null, 2));
  writeFileSync(path.join(project, 'jest.config.js'), `
const base = { testEnvironment: 'node', transform: { '^.+\\\\.ts$': '@swc/jest' } };
module.exports = { projects: [
  { ...base, displayName: 'global', testMatch: ['<rootDir>/global.spec.ts'], setupFilesAfterEnv: ['jest-k8s-placement/jest'] },
  { ...base, displayName: 'jest-globals', injectGlobals: false, testMatch: ['<rootDir>/globals.spec.ts'], setupFilesAfterEnv: ['jest-k8s-placement/jest-globals'] },
] };
`);
  writeFileSync(path.join(project, 'vitest.config.mjs'), `
export default { test: { include: ['vitest.spec.ts'], setupFiles: ['jest-k8s-placement/vitest'] } };
`);
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, types: ['jest', 'jest-k8s-placement/jest'] },
    files: ['global.spec.ts', 'globals.spec.ts', 'vitest.spec.ts', 'typings.ts'],
  }, null, 2));
  writeFileSync(path.join(project, 'typings.ts'), `
import 'jest-k8s-placement/jest-globals';
import 'jest-k8s-placement/vitest';
import { expect as v } from 'vitest';
declare const node: import('jest-k8s-placement').Node;
// @ts-expect-error seconds are numbers
v({}).toBeEvictedFrom(node).after('300');
// @ts-expect-error seconds are numbers
expect({}).toBeEvictedFrom(node).after('300');
`);
  const deps = ['jest', '@jest/globals', '@types/jest', '@swc/jest', '@swc/core', 'typescript', 'vitest'].map((n) => `${n}@${version(n)}`);
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', path.join(tmp, tarball), ...deps], project);
  run('npx', ['tsc', '-p', 'tsconfig.json'], project);
  run('npx', ['jest', '--ci'], project);
  run('npx', ['vitest', 'run'], project);
  console.log('package test: 3 runners passed from the packed tarball');
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
