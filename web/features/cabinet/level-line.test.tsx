import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LevelText } from './level-line';

describe("the card's level line", () => {
  afterEach(cleanup);

  it('names the level and what is left to the next', () => {
    render(
      <LevelText
        level={{
          title: 'Серебряный',
          earnPercent: 5,
          spend: 11_999,
          next: { title: 'Золотой', earnPercent: 7, left: 18_001 },
        }}
      />,
    );
    expect(screen.getByText('Уровень «Серебряный»')).toBeTruthy();
    expect(screen.getByText(/^До уровня «Золотой» осталось 18\s001\s₽$/)).toBeTruthy();
  });

  it('shows no progress at the top level and nothing when levels are off', () => {
    const { container, rerender } = render(
      <LevelText level={{ title: 'Золотой', earnPercent: 7, spend: 40_000, next: null }} />,
    );
    expect(screen.getByTestId('member-level').textContent).toBe('Уровень «Золотой»');
    rerender(<LevelText level={null} />);
    expect(container.textContent).toBe('');
  });
});
