// v1helper.AddOrUpdateTolerationInPodSpec (pkg/apis/core/v1/helper/helpers.go) as the DaemonSet controller and the
// ExtendedResourceToleration plugin use it: a toleration equal in key, operator, value and effect (Go's "" for an
// absent one, toleration.MatchToleration) is replaced in place, else appended.
import type { Toleration } from '../core/types';
import { addOrUpdateToleration } from './daemonset-tolerations';

describe('AddOrUpdateTolerationInPodSpec', () => {
  it('an absent operator matches an absent or empty one (the operator Equal defaults to is not applied here)', () => {
    expect(addOrUpdateToleration([{ key: 'k', value: 'v' }], { key: 'k', value: 'v', tolerationSeconds: 5 })).toEqual([{ key: 'k', value: 'v', tolerationSeconds: 5 }]);
    expect(addOrUpdateToleration([{ key: 'k', operator: '' as never, value: 'v' }], { key: 'k', value: 'v' })).toEqual([{ key: 'k', value: 'v' }]);
    expect(addOrUpdateToleration([{ key: 'k', value: 'v' }], { key: 'k', operator: 'Equal', value: 'v' })).toHaveLength(2);
  });
  it('an absent key matches an absent or empty one: replaced in place, not appended', () => {
    const all: Toleration = { operator: 'Exists' };
    expect(addOrUpdateToleration([all], { operator: 'Exists', tolerationSeconds: 5 })).toEqual([{ operator: 'Exists', tolerationSeconds: 5 }]);
    expect(addOrUpdateToleration([{ key: '', operator: 'Exists' }], all)).toEqual([all]);
    expect(addOrUpdateToleration([all], { key: 'k', operator: 'Exists' })).toEqual([all, { key: 'k', operator: 'Exists' }]);
  });
});
