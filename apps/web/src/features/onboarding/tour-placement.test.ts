import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearOfFocus } from './onboarding-tour';

const box = (top: number, bottom: number, left = 20, right = 200) => ({ top, bottom, left, right });

describe('clearOfFocus (issue 17 §15: the tour never covers the focused control)', () => {
  afterEach(() => vi.unstubAllGlobals());

  function phone() {
    vi.stubGlobal('innerWidth', 375);
    vi.stubGlobal('innerHeight', 800);
  }
  // The phone placement: centred, 92 px above the bottom, 220 px tall → covers y 488..708.
  const phoneCard = { left: 27.5, bottom: 92, width: 320 };

  it('keeps the card where it is when the focus is elsewhere', () => {
    phone();
    expect(clearOfFocus(phoneCard, 220, box(100, 140))).toBe(phoneCard);
    expect(clearOfFocus(phoneCard, 220, null)).toBe(phoneCard);
  });

  it('moves the card to the top when it would cover a control in the lower half', () => {
    phone();
    expect(clearOfFocus(phoneCard, 220, box(600, 640))).toEqual({ left: 27.5, top: 68, width: 320 });
  });

  it('moves the card to the bottom when it would cover a control in the upper half', () => {
    phone();
    const atTop = { left: 27.5, top: 100, width: 320 };
    expect(clearOfFocus(atTop, 220, box(150, 190))).toEqual({ left: 27.5, bottom: 84, width: 320 });
  });
});
