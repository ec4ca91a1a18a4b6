import { describe, expect, it } from 'vitest';
import { buildNavLinks } from './nav-links';

const modules = [
  { id: 'main' as const, name: 'Главная', path: '/', disabled: false },
  { id: 'news' as const, name: 'Новости', path: '/news', disabled: true },
  { id: 'faq' as const, name: 'Вопросы', path: '/faq', disabled: false },
  { id: 'cabinet' as const, name: 'Кабинет', path: '/profile', disabled: false },
];

describe('buildNavLinks', () => {
  it('lists enabled modules in order, without the cabinet', () => {
    const links = buildNavLinks({ modules, customModules: [], iframePages: [] });
    expect(links.map((l) => l.to)).toEqual(['/', '/faq']);
  });

  it('adds /bonus only for an embedded page with both menuName and menuIcon', () => {
    const page = { id: 'p', title: 'P', url: 'https://partner.example/p' };
    const without = buildNavLinks({
      modules: [],
      customModules: [],
      iframePages: [{ ...page, menuName: 'Партнёры', menuIcon: null }],
    });
    expect(without).toEqual([]);
    const withIcon = buildNavLinks({
      modules: [],
      customModules: [
        { id: 'club', name: 'Клуб', path: '/club', disabled: false },
        { id: 'old', name: 'Архив', path: '/old', disabled: true },
      ],
      iframePages: [{ ...page, menuName: 'Партнёры', menuIcon: '/api/proxy/pictures/gift.svg' }],
    });
    expect(withIcon).toEqual([
      { to: '/club', label: 'Клуб' },
      { to: '/bonus', label: 'Партнёры', icon: '/api/proxy/pictures/gift.svg' },
    ]);
  });
});
