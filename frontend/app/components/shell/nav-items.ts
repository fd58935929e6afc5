import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import {
  AdminIcon,
  AnalyticsIcon,
  DashboardIcon,
  DocumentsIcon,
  IntelligenceIcon,
  ModelsIcon,
  SettingsIcon,
  ToolsIcon,
  type IconProps,
} from '~/components/ui/icons';
import type { BadgeTone } from '~/components/ui/badge';

export interface NavItem {
  /** The entry's name, as a key of the shell's translations. */
  label: ParseKeys<'common'>;
  to: string;
  icon: ComponentType<IconProps>;
  /** A short label beside the entry. Never a figure: the spec's static counts are left out. */
  badge?: { text: ParseKeys<'common'>; tone: BadgeTone };
}

/** The sidebar's entries, in the spec's order. Admin is listed for everyone (spec section 2). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'nav.dashboard', to: '/', icon: DashboardIcon },
  { label: 'nav.documents', to: '/documents', icon: DocumentsIcon },
  {
    label: 'nav.intelligence',
    to: '/intelligence',
    icon: IntelligenceIcon,
    badge: { text: 'nav.badgeAi', tone: 'primary' },
  },
  { label: 'nav.tools', to: '/tools', icon: ToolsIcon },
  { label: 'nav.models', to: '/models', icon: ModelsIcon },
  { label: 'nav.analytics', to: '/analytics', icon: AnalyticsIcon, badge: { text: 'nav.badgeLive', tone: 'success' } },
  { label: 'nav.settings', to: '/settings', icon: SettingsIcon },
  { label: 'nav.admin', to: '/admin', icon: AdminIcon },
];
