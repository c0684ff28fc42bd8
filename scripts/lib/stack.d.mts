// Types for the plain ES module shared by `npm start`, the bench and the e2e suite.
export type FrontEndName = 'host' | 'mf_farms' | 'mf_map' | 'mf_commerce' | 'mf_account';

export const repoRoot: string;
export const ports: Record<FrontEndName | 'api' | 'idp', number>;
export const controlPort: number;
export const urls: { host: string; api: string; idp: string };
export const demoUser: { email: string; password: string };

export interface Stack {
  urls: typeof urls;
  startFrontEnd(name: FrontEndName): Promise<void>;
  stopFrontEnd(name: FrontEndName): Promise<void>;
  stop(): Promise<void>;
}

export function startStack(options: {
  dataDir: string;
  log?: (line: string) => void;
  extraEnv?: Record<string, string>;
}): Promise<Stack>;
