// Types for the plain ES module shared by `npm start`, the bench and the e2e suite.
import type { ChildProcess } from 'node:child_process';

export type FrontEndName = 'host' | 'mf_farms' | 'mf_map' | 'mf_commerce' | 'mf_account';
export type RemoteName = Exclude<FrontEndName, 'host'>;

export const repoRoot: string;
export const ports: Record<FrontEndName | 'gateway' | 'api' | 'idp', number>;
export const controlPort: number;
export function apiPort(index: number): number;
export const urls: { host: string; api: string; apiDirect: string; idp: string };
export function remoteUrl(name: RemoteName): string;
export const demoUser: { email: string; password: string };

export interface Stack {
  urls: typeof urls;
  apis: ChildProcess[];
  gateway: ChildProcess;
  /** The gateway's graceful stop: SIGTERM for the Node gateway, SIGQUIT for nginx. */
  gatewayStopSignal: NodeJS.Signals;
  remotesFile: string;
  startFrontEnd(name: FrontEndName, dir?: string): Promise<void>;
  stopFrontEnd(name: FrontEndName): Promise<void>;
  /** A remote's release: its server serves `dir` from now on and remotes.json points at the new entry. */
  releaseRemote(name: RemoteName, dir: string, release: string): Promise<void>;
  stop(): Promise<void>;
}

export function startStack(options: {
  dataDir: string;
  log?: (line: string) => void;
  extraEnv?: Record<string, string>;
  apiProcesses?: number;
  compiledApi?: boolean;
  /** Replaces the api's entry file (the topology test's probes). */
  apiEntry?: string;
  /** Serves these folders instead of the front ends' `dist`. */
  frontEndDirs?: Partial<Record<FrontEndName, string>>;
  /** The one origin's server: the Node gateway (default) or nginx with deploy/nginx/nginx.conf. */
  edge?: 'node' | 'nginx';
}): Promise<Stack>;
