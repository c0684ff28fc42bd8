import { controlPort } from '../../../scripts/lib/stack.mjs';

export const CONTROL_PORT = controlPort;

export async function setFrontEnd(
  name: 'mf_farms' | 'mf_map' | 'mf_commerce' | 'mf_account',
  action: 'stop' | 'start',
): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}/front-ends/${name}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not ${action} ${name}: ${await response.text()}`);
}

/** Releases a new build of one remote: its server serves `dir` and remotes.json names the new entry. */
export async function releaseRemote(
  name: 'mf_farms' | 'mf_map' | 'mf_commerce' | 'mf_account',
  dir: string,
  version: string,
): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${CONTROL_PORT}/remotes/${name}/release`, {
    method: 'POST',
    body: JSON.stringify({ dir, version }),
  });
  if (!response.ok) throw new Error(`could not release ${name}: ${await response.text()}`);
}
