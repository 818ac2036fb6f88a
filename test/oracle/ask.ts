// Debugging aid: node -r ts-node/register test/oracle/ask.ts <binary> <domain> '<input json>' prints both answers.
import { OracleClient } from './client';
import { DOMAINS } from './domains';
import { configure, type KubernetesVersion } from './lib';

async function main() {
  const [binary, name, text, release = '1.35'] = process.argv.slice(2);
  configure({ kubernetesVersion: release as KubernetesVersion });
  const domain = DOMAINS.find((d) => d.name === name)!;
  const input = JSON.parse(text);
  const client = new OracleClient(binary);
  const answer = await client.ask(name, input);
  client.close();
  console.log('ours    ', JSON.stringify(domain.ours(input), null, 1));
  console.log('upstream', JSON.stringify(answer.output ?? answer.error, null, 1));
}
main();
