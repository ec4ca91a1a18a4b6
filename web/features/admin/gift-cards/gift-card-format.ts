/** Whole roubles of the gift-card screens (a card's nominal, an order's total) as '1 000 ₽'. */
export const roubles = (value: number) => `${value.toLocaleString('ru-RU')} ₽`;
