import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Overlay, PopupHost } from './popup-host';
import { ShellStateProvider, useShell } from './shell-state';

function Opener() {
  const { openPopup } = useShell();
  return (
    <button
      type="button"
      onClick={() => openPopup({ title: 'Удаление карты', content: <button type="button">Удалить</button> })}
    >
      open
    </button>
  );
}

function renderShell() {
  return render(
    <ShellStateProvider>
      <Opener />
      <Overlay />
      <PopupHost />
    </ShellStateProvider>,
  );
}

describe('the popup host', () => {
  afterEach(cleanup);

  it('opens a labelled modal dialog, locks scroll and shows the overlay', () => {
    const { container } = renderShell();
    act(() => screen.getByText('open').click());
    const dialog = screen.getByRole('dialog', { name: 'Удаление карты' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.body.style.overflow).toBe('hidden');
    expect(container.querySelector('.overlay--visible')).not.toBeNull();
    // Focus moved into the dialog (its first control: the close button).
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('keeps Tab inside the dialog and closes on Escape, giving focus back', () => {
    renderShell();
    const opener = screen.getByText('open');
    opener.focus();
    act(() => opener.click());
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Закрыть' });
    const last = screen.getByRole('button', { name: 'Удалить' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    close.focus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
  });

  it('closes when the overlay is clicked', () => {
    const { container } = renderShell();
    act(() => screen.getByText('open').click());
    fireEvent.click(container.querySelector('.overlay')!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
