import { describe, expect, it, vi } from 'vitest';
import { clearOfFocus, PHONE_BOTTOM_CLEAR, placement } from './onboarding-tour';
import { TOUR_STEPS } from './tour-steps';

const box = (top: number, bottom: number, left = 20, right = 200) => ({ top, bottom, left, right });

describe('clearOfFocus', () => {
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

describe('placement', () => {
  const CARD_HEIGHT = 220;
  const rect = (top: number, bottom: number, left: number, right: number) => ({ top, bottom, left, right });
  const boxOf = (style: ReturnType<typeof placement>) => {
    const top =
      style.top !== undefined ? Number(style.top) : window.innerHeight - Number(style.bottom) - CARD_HEIGHT;
    const left = Number(style.left);
    return { top, bottom: top + CARD_HEIGHT, left, right: left + Number(style.width) };
  };
  const overlap = (a: ReturnType<typeof boxOf>, b: ReturnType<typeof rect>) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  it('keeps the card out of the toasts and bottom navigation on a 375 px phone, and off its target', () => {
    vi.stubGlobal('innerWidth', 375);
    vi.stubGlobal('innerHeight', 667);
    // Where 'Successfully signed in!' shows: the full width, above the bottom navigation.
    const toastBand = rect(667 - PHONE_BOTTOM_CLEAR, 667, 0, 375);
    const welcome = rect(80, 140, 16, 359);
    const walletLink = rect(611, 667, 150, 225);
    for (const target of [welcome, walletLink, null]) {
      const card = boxOf(placement(target, 'bottom'));
      expect(overlap(card, toastBand), JSON.stringify(target)).toBe(false);
      if (target) expect(overlap(card, target), JSON.stringify(target)).toBe(false);
    }
  });

  it('puts the welcome card below the statistics at 1280 px, hiding none of the tiles', () => {
    vi.stubGlobal('innerWidth', 1280);
    vi.stubGlobal('innerHeight', 800);
    const welcome = TOUR_STEPS[0]!;
    expect(welcome.cardAnchor).toBe('ul[aria-label="Statistics"]');
    // The four tiles as laid out at 1280 px, under the welcome header.
    const tiles = [280, 527, 774, 1021].map((left) => rect(169, 269, left, left + 235));
    const statistics = rect(169, 269, 280, 1256);
    const card = boxOf(placement(statistics, welcome.position));
    for (const tile of tiles) expect(overlap(card, tile)).toBe(false);
  });
});
