import { create } from 'zustand';
import type { IdpUser, Profile } from '@paddock/shared/contracts';

interface ShellState {
  user: IdpUser | null;
  profile: Profile | null;
  cartCount: number;
  unreadCount: number;
  pathname: string;
  setUser(user: IdpUser): void;
  setProfile(profile: Profile): void;
  setCartCount(count: number): void;
  setUnreadCount(count: number): void;
  setPathname(pathname: string): void;
}

export const useShellStore = create<ShellState>((set) => ({
  user: null,
  profile: null,
  cartCount: 0,
  unreadCount: 0,
  pathname: typeof window === 'undefined' ? '/' : window.location.pathname,
  setUser: (user) => set({ user }),
  setProfile: (profile) => set({ profile }),
  setCartCount: (cartCount) => set({ cartCount }),
  setUnreadCount: (unreadCount) => set({ unreadCount }),
  setPathname: (pathname) => set({ pathname }),
}));
