// Vitest 4 compatibility: the same matchers and chain through Vitest's expect.
import { afterEach, describe, expect, test } from 'vitest';
import { configure, resetConfiguration } from '../../src/core/config';
import { daemonSet, deployment, node } from '../fixtures';

const notReady = node('down', [], { ready: 'False' });
const gpu = node('gpu-1', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
afterEach(() => resetConfiguration());

describe('verdicts', () => {
  test('toTolerate and toBeSchedulableOn', () => {
    const train = deployment('train', [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }]);
    expect(train).toTolerate('dedicated=gpu:NoSchedule');
    expect(train).toBeSchedulableOn(gpu);
    expect(deployment('web')).not.toBeSchedulableOn(gpu);
  });
  test('toBeEvictedFrom and its chain', async () => {
    expect(deployment('web')).toBeEvictedFrom(notReady).after(300);
    expect(deployment('web')).not.toBeEvictedFrom(notReady).after(60);
    expect(deployment('web')).toBeEvictedFrom(notReady);
    expect(daemonSet('agent')).not.toBeEvictedFrom(notReady);
    expect(deployment('web')).toBeEvictedFrom(notReady, { after: 300 });
    await expect(deployment('web')).toBeEvictedFrom(notReady);
    configure({ admission: { defaultTolerationSeconds: { notReady: 30 } } });
    expect(deployment('web')).toBeEvictedFrom(notReady).after(30);
  });
});

describe('scheduling over many nodes and preferences', () => {
  test('toBeSchedulableOnAnyOf / AllOf / toPrefer', () => {
    const spot = node('spot', [{ key: 'spot', effect: 'PreferNoSchedule' }]);
    expect(deployment('web')).toBeSchedulableOnAnyOf([gpu, spot]);
    expect(deployment('web')).not.toBeSchedulableOnAllOf([gpu, spot]);
    expect(deployment('web')).toPrefer(node('plain')).over(spot);
    expect(deployment('web')).not.toPrefer(spot).over(node('plain'));
    expect(() => expect(deployment('web')).toBeSchedulableOnAnyOf([gpu])).toThrow('0/1 nodes are available: 1 node(s) had untolerated taint(s). preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
  });
  test.fails('a bare toPrefer fails after the test body', () => {
    expect(deployment('web')).toPrefer(gpu);
  });
});

describe('failures', () => {
  test('a wrong .after fails at the call with the message', () => {
    expect(() => expect(deployment('web')).toBeEvictedFrom(notReady).after(60)).toThrow('"evicted after 300s"');
  });
  test('a failing positive bare check fails at the call', () => {
    expect(() => expect(daemonSet('agent')).toBeEvictedFrom(notReady)).toThrow('never evicted');
  });
  test('toBeSchedulableOn quotes kube-scheduler', () => {
    expect(() => expect(deployment('web')).toBeSchedulableOn(gpu)).toThrow('TaintToleration: node(s) had untolerated taint(s)');
  });
  // A failing bare `.not` is only decided after the test body; `test.fails` asserts that it does fail the test.
  test.fails('a failing bare .not is reported after the test body', () => {
    expect(deployment('web')).not.toBeEvictedFrom(notReady);
  });
  test.fails('a failing bare .not in an async test', async () => {
    expect(deployment('web')).not.toBeEvictedFrom(notReady);
    await new Promise((r) => setTimeout(r, 1));
  });
});

describe('toBeKeptApartFrom (issue 18)', () => {
  test('registered on Vitest: a required anti-affinity term keeps them apart, a simulated separation does not', () => {
    const anti = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'cache' } } }] } };
    expect(deployment('db', undefined, { affinity: anti })).toBeKeptApartFrom(deployment('cache'));
    expect(deployment('web')).not.toBeKeptApartFrom(deployment('cache'), [node('a'), node('b')]);
  });
});
