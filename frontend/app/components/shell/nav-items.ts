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
  label: string;
  to: string;
  icon: ComponentType<IconProps>;
  /** A short label beside the entry. Never a figure: the spec's static counts are left out. */
  badge?: { text: string; tone: BadgeTone };
}

/** The sidebar's entries, in the spec's order. Admin is listed for everyone (spec section 2). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: DashboardIcon },
  { label: 'Documents', to: '/documents', icon: DocumentsIcon },
  { label: 'Intelligence', to: '/intelligence', icon: IntelligenceIcon, badge: { text: 'AI', tone: 'primary' } },
  { label: 'MCP Tools', to: '/tools', icon: ToolsIcon },
  { label: 'AI Models', to: '/models', icon: ModelsIcon },
  { label: 'Analytics', to: '/analytics', icon: AnalyticsIcon, badge: { text: 'Live', tone: 'success' } },
  { label: 'Settings', to: '/settings', icon: SettingsIcon },
  { label: 'Admin', to: '/admin', icon: AdminIcon },
];
