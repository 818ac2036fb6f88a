// With validate off, a taint without a key prints as kubectl would read it ("" key), never as "undefined".
import { configure, resetConfiguration } from '../core/config';
import { failure, pod } from '../../test/fixtures';

afterEach(resetConfiguration);

test('a key-less taint in a failure message and in the toleration to add', () => {
  configure({ validate: false });
  const msg = failure(() => expect(pod('p', [])).toTolerate({ effect: 'NoSchedule' } as never));
  expect(msg).not.toContain('undefined');
  expect(msg).toContain('taint ":NoSchedule"');
  expect(msg).toContain('- key: ""');
});
