import { act, render, screen } from '@testing-library/react';
import { isFeatureEnabled } from '@paddock/shared/contracts';
import { fakeMfProps, makeProfile } from '@paddock/shared/testing';
import { MapAreaProvider, useMapArea } from './context';

function Locks() {
  const { profile } = useMapArea();
  return <p>{isFeatureEnabled(profile, 'algorithm:ndre') ? 'NDRE unlocked' : 'NDRE locked'}</p>;
}

const flag = { feature_flag: 'algorithm:ndre' as const, enabled: true, modal_title: 'NDRE', modal_description: '' };

describe('map area profile', () => {
  it('follows a tier change announced on the bus while the map is on screen', () => {
    const props = fakeMfProps({ profile: makeProfile({}, { feature_flags: [flag] }) });
    render(
      <MapAreaProvider props={props}>
        <Locks />
      </MapAreaProvider>,
    );
    expect(screen.getByText('NDRE locked')).toBeInTheDocument();
    act(() =>
      props.bus.emit('paddock:profile-changed', {
        profile: makeProfile({}, { tier: { key: 'premium', name: 'Advanced' }, feature_flags: [flag] }),
      }),
    );
    expect(screen.getByText('NDRE unlocked')).toBeInTheDocument();
  });
});
