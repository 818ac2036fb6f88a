// Objects written in code are decoded as the API server decodes JSON: a field of the wrong type is refused with
// the field named (whatever `validate` says), never a TypeError from inside the library.
import { configure, resetConfiguration } from '../core/config';
import { deployment, failure, node } from '../../test/fixtures';

afterEach(resetConfiguration);

const pool = (requirements: unknown) => ({
  apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name: 'p' },
  spec: { template: { spec: { requirements, nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' } } } },
});

test.each([true, false])('tolerations given as a string (validate: %s)', (validate) => {
  configure({ validate });
  const web = deployment('web', 'x' as never);
  for (const run of [() => expect(web).toTolerate('a:NoSchedule'), () => expect(web).not.toBeSchedulableOn(node('n'))]) {
    expect(failure(run)).toContain('spec.template.spec.tolerations: expected a list, got the string "x"');
  }
});

test.each([true, false])('a NodePool whose requirements are not a list (validate: %s)', (validate) => {
  configure({ validate });
  const msg = failure(() => expect(deployment('web')).toBeProvisionableBy(pool({ key: 'a' })));
  expect(msg).toContain('spec.template.spec.requirements: expected a list, got a mapping');
});
