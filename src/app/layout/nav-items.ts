import type { User } from '@contract/users';

export interface NavItem {
  to: string;
  label: string;
  /** Matches only the exact path (Home would otherwise be active everywhere). */
  end?: boolean;
}

const PUBLIC_ITEMS: NavItem[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/peptides', label: 'Peptides' },
  { to: '/submit', label: 'Submit Experience' },
  { to: '/community', label: 'Community' },
  { to: '/explore', label: 'Explore' },
  { to: '/privacy', label: 'Privacy' },
];

/** Profile only when signed in, Research Hub only for moderators (docs/product-rules.md). */
export function navItemsFor(user: User | null): NavItem[] {
  const items = [...PUBLIC_ITEMS];
  if (user) items.push({ to: '/profile', label: 'Profile' });
  if (user?.role === 'moderator') items.push({ to: '/research', label: 'Research Hub' });
  return items;
}
