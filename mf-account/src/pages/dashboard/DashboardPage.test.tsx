import { act, screen } from '@testing-library/react';
import { makeProfile, makeUser } from '@paddock/shared/testing';
import { renderAccount } from '../../testing/harness';

describe('dashboard', () => {
  it('welcomes the user by first and last name', () => {
    renderAccount({ route: '/dashboard', profile: makeProfile({ first_name: 'Jane', last_name: 'Farmer' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Jane Farmer' })).toBeInTheDocument();
  });

  it('falls back to the email prefix when there is no name', () => {
    renderAccount({
      route: '/',
      profile: makeProfile({ first_name: null, last_name: '  ', email: 'sam.grower@farm.example' }),
    });
    expect(screen.getByRole('heading', { name: 'Welcome, sam.grower' })).toBeInTheDocument();
  });

  it('uses the sign-in email when the account has none', () => {
    renderAccount({ route: '/', profile: makeProfile({ email: null }), user: makeUser({ email: 'pat@example.com' }) });
    expect(screen.getByRole('heading', { name: 'Welcome, pat' })).toBeInTheDocument();
  });

  it('follows a profile another area announces on the bus', () => {
    const { props } = renderAccount({ route: '/', profile: makeProfile({ email: 'sam@farm.example' }) });
    act(() =>
      props.bus.emit('paddock:profile-changed', { profile: makeProfile({ first_name: 'Sam', last_name: 'Lee' }) }),
    );
    expect(screen.getByRole('heading', { name: 'Welcome, Sam Lee' })).toBeInTheDocument();
  });
});

describe('title-only screens', () => {
  it.each([
    ['/settings', 'Settings'],
    ['/store', 'Store'],
    ['/store/high-resolution-imagery', 'High Resolution Imagery'],
    ['/products-and-guides', 'Products & Guides'],
    ['/advanced', 'Get Advanced'],
    ['/advanced/subscribe', 'Get Advanced'],
  ])('%s shows "%s"', (route, title) => {
    renderAccount({ route });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it("tells an Advanced user they're using Advanced", () => {
    renderAccount({ route: '/advanced', profile: makeProfile({}, { tier: { key: 'premium', name: 'Advanced' } }) });
    expect(screen.getByRole('heading', { level: 1, name: "You're using Advanced" })).toBeInTheDocument();
  });
});
