/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "commonjs", "moduleResolution": "bundler"}}
 */
// The CI recipe (ci/placement.yml) run here on the committed rendered output: the example specs with the
// placement reporter and jest-junit. `npm run examples:ci` builds first: Jest loads reporters itself,
// outside the transform, so the reporter is the built one (a user's config names 'jest-k8s-placement/reporter').
import path from 'node:path';
import type { Config } from 'jest';
import base from './jest.config';

const out = path.join(__dirname, 'reports');

const config: Config = {
  ...base,
  reporters: [
    'default',
    [path.join(__dirname, '../dist/reporter.js'), { outputDirectory: out, title: 'Example platform: placement report' }],
    ['jest-junit', { outputDirectory: out }],
  ],
};

export default config;
