import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Permission } from '#common/contract/permissions';
import { SESSION_KEY } from '../api';
import { Can, useCan, useCanCheck } from './can';

/** A console whose session holds these permissions (as the session call would have answered). */
function withPermissions(permissions: Permission[], ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(SESSION_KEY, { stage: 'active', permissions });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function Says({ permission }: { permission: Permission }) {
  return <p>{useCan(permission) ? 'можно' : 'нельзя'}</p>;
}

describe('useCan and <Can>', () => {
  afterEach(cleanup);

  it("answer from the session's permissions", () => {
    withPermissions(
      ['members.read'],
      <>
        <Says permission="members.read" />
        <Says permission="members.write" />
      </>,
    );
    expect(screen.getAllByRole('paragraph').map((p) => p.textContent)).toEqual(['можно', 'нельзя']);
  });

  it('show their children only to a role that holds the permission, else what they are told', () => {
    withPermissions(
      ['giftCards.read'],
      <>
        <Can permission="giftCards.read">
          <button>Найти</button>
        </Can>
        <Can permission="giftCards.write" otherwise={<span>Только чтение</span>}>
          <button>Заблокировать</button>
        </Can>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Найти' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Заблокировать' })).toBeNull();
    expect(screen.getByText('Только чтение')).toBeTruthy();
  });

  it('answer a list of permissions at once (the sections a role sees)', () => {
    function Sections() {
      const can = useCanCheck();
      const asked: Permission[] = ['members.read', 'reports.read', 'staff.write'];
      return <p>{asked.filter(can).join(' ')}</p>;
    }
    withPermissions(['reports.read', 'members.read'], <Sections />);
    expect(screen.getByRole('paragraph').textContent).toBe('members.read reports.read');
  });

  it('say no while nobody is logged in', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(SESSION_KEY, null);
    render(
      <QueryClientProvider client={client}>
        <Says permission="members.read" />
      </QueryClientProvider>,
    );
    expect(screen.getByText('нельзя')).toBeTruthy();
  });
});
