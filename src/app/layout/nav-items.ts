import type { User } from '@contract/users';
import { type ShellLink, type Viewer, shellLinks } from '../route-table';

export type NavItem = ShellLink;

const viewerOf = (user: User | null): Viewer =>
  !user ? 'visitor' : user.role === 'moderator' ? 'moderator' : 'member';

/** The header's links (src/app/route-table.ts): Profile only when signed in, Research Hub only for moderators. */
export const navItemsFor = (user: User | null): NavItem[] => shellLinks('nav', viewerOf(user));

/** The footer's links: the same for everyone. */
export const FOOTER_ITEMS: NavItem[] = shellLinks('footer', 'visitor');
