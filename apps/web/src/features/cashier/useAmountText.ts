import { useState } from 'react';

/** Longest text the amount field keeps: far above any amount, short enough that a paste cannot flood it. */
export const AMOUNT_MAX_LENGTH = 24;

/** The amount field's text, cut at AMOUNT_MAX_LENGTH. */
export function useAmountText(): { value: string; set: (text: string) => void } {
  const [value, setValue] = useState('');
  return { value, set: (text) => setValue(text.slice(0, AMOUNT_MAX_LENGTH)) };
}
