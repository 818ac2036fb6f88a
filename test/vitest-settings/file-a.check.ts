// Run by `npm run test:settings` (Vitest, with and without --no-isolate); file-a and file-b mirror each other,
// so whichever runs second catches a leak from the first.
import { describe, expect, test } from 'vitest';
import { configure, settings, withConfiguration } from '../../src';
import { deployment } from '../fixtures';
import { DEFAULTS, firstFile, sameModuleAsFirstFile } from './shared';

const before = structuredClone(settings());
const first = firstFile('a');
configure({ validate: false });

describe('file-a', () => {
  test('starts from the defaults: nothing leaks from another file', () => {
    expect(before).toEqual(DEFAULTS);
    expect(settings().featureGates.TaintTolerationComparisonOperators).toBe(DEFAULTS.featureGates.TaintTolerationComparisonOperators);
  });
  test('its top-level configure() holds in every test', () => {
    expect(settings().validate).toBe(!DEFAULTS.validate);
    configure({ admission: { nodeConditionTaints: false } });
  });
  test('a test’s configure() ended with that test', () => {
    expect(settings().admission.nodeConditionTaints).toBe(true);
    expect(settings().validate).toBe(!DEFAULTS.validate);
  });
  test('withConfiguration restores, and failure messages name the settings', () => {
    withConfiguration({ requireAllocatable: true }, () => expect(settings().requireAllocatable).toBe(true));
    expect(settings().requireAllocatable).toBe(false);
    expect(() => expect(deployment('web')).toTolerate('a=b:NoSchedule')).toThrow('(settings: validate off)');
  });
  test('with --no-isolate, both files share one settings module (so the checks above are not vacuous)', () => {
    if (process.env.SETTINGS_NO_ISOLATE && !first) expect(sameModuleAsFirstFile()).toBe(true);
  });
});
