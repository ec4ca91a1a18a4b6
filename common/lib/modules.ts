/** The programme's modules (spec section 2, "Module paths") and the path each one lives at. */
export const MODULE_PATHS = {
  main: '/',
  countdown: '/countdown',
  faq: '/faq',
  news: '/news',
  points: '/points',
  contacts: '/contacts',
  cabinet: '/profile',
  join: '/join',
  giftCards: '/gc/sale',
} as const;

export type ModuleId = keyof typeof MODULE_PATHS;

export const MODULE_IDS = Object.keys(MODULE_PATHS) as ModuleId[];

export interface ModuleState {
  id: ModuleId;
  disabled: boolean;
}

/** A module is on only when the settings list it and do not mark it disabled. */
export function isModuleEnabled(modules: readonly ModuleState[], id: ModuleId): boolean {
  return modules.some((m) => m.id === id && !m.disabled);
}
