import type { ComponentProps } from 'react';
import { RemoteMount as SharedRemoteMount } from '@paddock/shared/ui/remote';

/** The shared host of another area's exposed dialog (@paddock/shared/ui/remote), logging as this area. */
export function RemoteMount<T>({ onUnavailable, ...rest }: ComponentProps<typeof SharedRemoteMount<T>>) {
  return (
    <SharedRemoteMount<T>
      {...rest}
      onUnavailable={(error) => {
        console.error('[mf_map] a farms dialog could not be loaded', error);
        onUnavailable(error);
      }}
    />
  );
}
