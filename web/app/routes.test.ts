import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { matchPage } from '../lib/router/route-table';
import { createRoutes } from './routes';

const routes = createRoutes({ queryClient: new QueryClient(), api: {} as never });
const pageOf = (path: string) => {
  const match = matchPage(routes, path);
  return match && { chunk: match.route.handle.chunk, params: match.params };
};

describe('the route table', () => {
  it.each([
    ['/', 'home-page'],
    ['/about', 'about-page'],
    ['/news', 'news-list-page'],
    ['/points', 'points-page'],
    ['/map', 'map-page'],
    ['/login', 'login-page'],
    ['/profile', 'profile-page'],
    ['/loyalty', 'loyalty-page'],
    ['/loyalty/oldindex', 'loyalty-page'],
    ['/loyalty/finish', 'finish-page'],
    ['/gc', 'sale-page'],
    ['/gc/sale', 'sale-page'],
    ['/gc/endpayment', 'end-payment-page'],
    ['/gc/Entity', 'company-page'],
    ['/gc/Entity/confirm', 'company-confirm-page'],
    ['/gc/Entity/result', 'company-result-page'],
    ['/gc/result', 'result-page'],
    ['/admin', 'app'],
    ['/admin/members', 'app'],
    ['/news/', 'news-list-page'],
  ])('takes %s to %s', (path, chunk) => {
    expect(pageOf(path)?.chunk).toBe(chunk);
  });

  it('gives a page its parameters, percent-decoded', () => {
    expect(pageOf('/news/7')).toEqual({ chunk: 'news-item-page', params: { id: '7' } });
    expect(pageOf('/gc/AbC123')).toEqual({ chunk: 'public-card-page', params: { id: 'AbC123' } });
    expect(pageOf(`/map/${encodeURIComponent('Берёзка на Тверской')}`)).toEqual({
      chunk: 'map-page',
      params: { title: 'Берёзка на Тверской' },
    });
  });

  it('matches the spec’s paths whatever their case, as links written by hand arrive', () => {
    expect(pageOf('/GC/entity')?.chunk).toBe('company-page');
  });

  it('leaves every other path to the catch-all, which looks for a custom module there', () => {
    expect(pageOf('/promo/summer')).toEqual({ chunk: 'custom-page', params: { '*': 'promo/summer' } });
    expect(pageOf('/administrator')?.chunk).toBe('custom-page');
  });
});
