import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '#web/lib/api-client';
import { ApiProvider } from '#web/lib/api-context';
import { createQueryClient } from '#web/lib/query-client';
import { BankPickerSheet, type BankPickerSheetProps } from './bank-picker-sheet';

const LINK = 'https://qr.nspk.ru/AS1000TEST?type=01&sum=0&cur=RUB';
const directory = {
  version: '1.0',
  dictionary: [
    { bankName: 'Сбербанк', logoURL: null, schema: 'bank100000000111', package_name: 'ru.sberbankmobile' },
    {
      bankName: 'Т-Банк',
      logoURL: null,
      schema: 'bank100000000004',
      package_name: 'com.idamob.tinkoff.android',
    },
    { bankName: 'Озон Банк (Ozon)', logoURL: null, schema: 'bank100000000273', package_name: null },
  ],
};
const api = { request: vi.fn(async () => directory) } as unknown as ApiClient;

function renderSheet(props: Partial<BankPickerSheetProps> = {}) {
  const onClose = vi.fn();
  const onBankChosen = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider client={api}>
        <BankPickerSheet
          paymentLink={LINK}
          open
          onClose={onClose}
          onBankChosen={onBankChosen}
          platform="android"
          {...props}
        />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { onClose, onBankChosen };
}

// jsdom cannot follow app links; the tap and its handler are what is under test.
const stopNavigation = (event: MouseEvent) => event.preventDefault();
beforeEach(() => {
  localStorage.clear();
  document.addEventListener('click', stopNavigation);
});
afterEach(() => {
  cleanup();
  document.removeEventListener('click', stopNavigation);
});

describe('BankPickerSheet', () => {
  it('is a labelled modal dialog that Escape closes', async () => {
    const { onClose } = renderSheet();
    const dialog = screen.getByRole('dialog', { name: 'Подтвердите оплату в Вашем банковском приложение' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await screen.findByRole('link', { name: 'Сбербанк' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('lists every bank, filters from two characters, and says when nothing matches', async () => {
    renderSheet();
    await screen.findByRole('link', { name: 'Сбербанк' });
    const search = screen.getByRole('searchbox', { name: 'Поиск' });
    fireEvent.change(search, { target: { value: 'т' } });
    expect(screen.getAllByRole('link')).toHaveLength(3);
    fireEvent.change(search, { target: { value: 'т-' } });
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['ТТ-Банк']);
    fireEvent.change(search, { target: { value: 'нет' } });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('По вашему запросу результатов не найдено');
  });

  it('remembers a chosen bank and lists it first the next time', async () => {
    const { onBankChosen } = renderSheet();
    const sber = await screen.findByRole('link', { name: 'Сбербанк' });
    expect(sber.getAttribute('href')).toMatch(/^intent:\/\/qr\.nspk\.ru\/AS1000TEST/);
    act(() => sber.click());
    expect(onBankChosen).toHaveBeenCalledWith(directory.dictionary[0], sber.getAttribute('href'));
    cleanup();

    renderSheet({ platform: 'ios' });
    const recent = await screen.findByRole('region', { name: 'ВЫ ВЫБИРАЛИ В ПРОШЛЫЙ РАЗ' });
    const link = within(recent).getByRole('link', { name: 'Сбербанк' });
    expect(link.getAttribute('href')).toBe('bank100000000111://qr.nspk.ru/AS1000TEST?type=01&sum=0&cur=RUB');
  });

  it('shows a QR code of the payment link on a desktop', () => {
    renderSheet({ platform: 'desktop' });
    expect(screen.getByRole('img', { name: 'QR-код для оплаты через СБП' })).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
