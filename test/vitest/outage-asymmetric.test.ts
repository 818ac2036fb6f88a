// Vitest: toSurvive and toKeepAtLeast as asymmetric matchers (issue 13 item 4).
import { describe, expect, test } from 'vitest';
import { zone } from '../../src/outage';
import { deployment, statefulSet, zones } from '../outage/cluster';

const nodes = zones(['a', 'b', 'c'], 1);
const web = deployment('web', 3, '500m');
const payments = statefulSet('payments', 3, '500m');
const cluster = { nodes, workloads: [web, payments] };

describe('outage matchers, asymmetric', () => {
  test('expect.toKeepAtLeast and expect.not.toKeepAtLeast', () => {
    expect({ app: web }).toEqual({ app: expect.toKeepAtLeast(2, zone('a'), cluster) });
    expect({ app: web }).toEqual({ app: expect.not.toKeepAtLeast(3, zone('a'), cluster) });
    expect(() => expect({ app: web }).toEqual({ app: expect.toKeepAtLeast(3, zone('a'), cluster) })).toThrow('toKeepAtLeast');
  });

  test('expect.toSurvive bare and with { within }', () => {
    expect([web, payments]).toEqual([expect.toSurvive(zone('a'), cluster), expect.not.toSurvive(zone('a'), cluster)]);
    expect({ app: web }).toEqual({ app: expect.toSurvive(zone('a'), cluster, { within: 350 }) });
    expect({ app: web }).toEqual({ app: expect.not.toSurvive(zone('a'), cluster, { within: 349 }) });
    expect(() => expect({ app: payments }).toEqual({ app: expect.toSurvive(zone('a'), cluster) })).toThrow('toSurvive');
  });
});
