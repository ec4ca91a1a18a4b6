import type { HeaderSettings } from '#common/contract/header';

export interface NavLink {
  to: string;
  label: string;
  icon?: string;
}

/**
 * The menu: the enabled modules in the operator's order (the cabinet has its own entry), the enabled custom modules,
 * and /bonus when an embedded page is configured with both menuName and menuIcon.
 */
export function buildNavLinks(
  settings: Pick<HeaderSettings, 'modules' | 'customModules' | 'iframePages'>,
): NavLink[] {
  const links: NavLink[] = settings.modules
    .filter((m) => !m.disabled && m.id !== 'cabinet')
    .map((m) => ({ to: m.path, label: m.name }));
  for (const custom of settings.customModules) {
    if (!custom.disabled) links.push({ to: custom.path, label: custom.name });
  }
  const bonus = settings.iframePages.find((p) => p.menuName && p.menuIcon);
  if (bonus) links.push({ to: '/bonus', label: bonus.menuName!, icon: bonus.menuIcon! });
  return links;
}
