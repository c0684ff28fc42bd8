import { createRemoteLifecycles } from '@paddock/shared/ui';
import { App } from './App';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles('Your account', App);
