import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { Button } from '../../components/ui/button';
import { t } from '../../lib/i18n';
import CloseIcon from 'lucide-react/icons/x';
import { HIGHLIGHT_MS, TOUR_STEPS, type TourStep } from './tour-steps';

const CARD_WIDTH = 320;
/** The card's usual height, for placing it before it is measured. */
const CARD_HEIGHT = 220;
const GAP = 12;
const TOP_BAR = 56;
/**
 * On phones the bottom of the screen holds the bottom navigation and, just above it, the toasts
 * (app/providers.tsx: `mobileOffset` 5rem, one toast about 64 px): 'Successfully signed in!' covered
 * the card's Skip and Start buttons there, so the card keeps clear of it.
 */
export const PHONE_BOTTOM_CLEAR = 80 + 72;

/** The first match that is actually on screen (the side nav and the bottom nav both hold the links). */
export function findTarget(selector: string): HTMLElement | null {
  const matches = Array.from(document.querySelectorAll<HTMLElement>(selector));
  return (
    matches.find((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden') ??
    null
  );
}

/**
 * A selector by aria-label names the English label (the dashboard's 'Statistics'); the page shows that
 * label in its language, so the selector asks for the translated one.
 */
function inScreenLanguage(selector: string): string {
  return selector.replace(
    /aria-label="([^"]+)"/,
    (_, label: string) => `aria-label="${t(label).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  );
}

type Rect = Pick<DOMRect, 'top' | 'bottom' | 'left' | 'right'>;

/**
 * Where the card goes for a step: beside its target (or the step's `cardAnchor`, so the welcome card
 * leaves the statistics in view on a wide screen). On a phone it sits under the top bar, or under the
 * target when that would hide it, never in the bottom band of navigation and toasts.
 */
export function placement(rect: Rect | null, position: TourStep['position']): CSSProperties {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const width = Math.min(CARD_WIDTH, vw - 2 * GAP);
  if (!rect || vw < 640) {
    const underBar = TOP_BAR + GAP;
    const hidesTarget = !!rect && rect.top < underBar + CARD_HEIGHT && rect.bottom > underBar;
    const lowest = vh - PHONE_BOTTOM_CLEAR - CARD_HEIGHT;
    const top = Math.max(underBar, Math.min(hidesTarget ? rect.bottom + GAP : underBar, lowest));
    return { left: (vw - width) / 2, top, width };
  }
  const clampX = (x: number) => Math.max(GAP, Math.min(x, vw - width - GAP));
  const clampY = (y: number) => Math.max(GAP, Math.min(y, vh - CARD_HEIGHT));
  switch (position) {
    case 'top':
      return { left: clampX(rect.left), top: clampY(rect.top - 220 - GAP), width };
    case 'left':
      return { left: clampX(rect.left - width - GAP), top: clampY(rect.top), width };
    case 'right':
      return { left: clampX(rect.right + GAP), top: clampY(rect.top), width };
    default:
      return { left: clampX(rect.left), top: clampY(rect.bottom + GAP), width };
  }
}

type Box = { top: number; bottom: number; left: number; right: number };

/** Where `style` puts a card of `height` px, in viewport coordinates. */
function cardBox(style: CSSProperties, height: number): Box {
  const left = Number(style.left ?? 0);
  const top =
    style.top !== undefined ? Number(style.top) : window.innerHeight - Number(style.bottom ?? 0) - height;
  return { top, bottom: top + height, left, right: left + Number(style.width ?? CARD_WIDTH) };
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The tour is not modal: the user may Tab into the page while it shows. The card must never cover the
 * focused control, so when it would, it moves to the other half of the screen, clear of
 * the top bar and the bottom navigation.
 */
export function clearOfFocus(style: CSSProperties, height: number, focused: Box | null): CSSProperties {
  if (!focused || !overlaps(cardBox(style, height), focused)) return style;
  const vw = window.innerWidth;
  const width = Math.min(CARD_WIDTH, vw - 2 * GAP);
  const left = (vw - width) / 2;
  const focusInLowerHalf = (focused.top + focused.bottom) / 2 > window.innerHeight / 2;
  // 56 px is the top bar; 72 px the bottom navigation and its gap on phones.
  return focusInLowerHalf ? { left, top: 56 + GAP, width } : { left, bottom: 72 + GAP, width };
}

/** The six-step tour: scrolls to each target and highlights it for 3 s; Next, Back, Skip and close. */
export function OnboardingTour({ onFinish }: { onFinish: () => void }) {
  const [index, setIndex] = useState(0);
  const [measured, setMeasured] = useState<{ target: string; rect: DOMRect; anchor: DOMRect | null } | null>(
    null,
  );
  const titleRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  const [focused, setFocused] = useState<{ box: Box; cardHeight: number } | null>(null);
  const step = TOUR_STEPS[index]!;
  const last = index === TOUR_STEPS.length - 1;
  // A step whose target is not on screen (e.g. a nav link on a narrow layout) shows the card centred.
  const current = measured?.target === step.target ? measured : null;
  // The anchor only steers the card on wide screens; a phone places it by the target itself.
  const rect =
    current && window.innerWidth >= 640 ? (current.anchor ?? current.rect) : (current?.rect ?? null);

  useLayoutEffect(() => {
    const target = findTarget(step.target);
    if (!target) return;
    target.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    const previous = { outline: target.style.outline, offset: target.style.outlineOffset };
    target.style.outline = '3px solid #2563eb';
    target.style.outlineOffset = '4px';
    target.dataset.tourHighlight = 'true';
    const anchor = step.cardAnchor ? findTarget(inScreenLanguage(step.cardAnchor)) : null;
    const measure = () =>
      setMeasured({
        target: step.target,
        rect: target.getBoundingClientRect(),
        anchor: anchor?.getBoundingClientRect() ?? null,
      });
    measure();
    const timer = setTimeout(() => {
      target.style.outline = previous.outline;
      target.style.outlineOffset = previous.offset;
      delete target.dataset.tourHighlight;
    }, HIGHLIGHT_MS);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      clearTimeout(timer);
      target.style.outline = previous.outline;
      target.style.outlineOffset = previous.offset;
      delete target.dataset.tourHighlight;
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [step.target, step.cardAnchor]);

  useEffect(() => titleRef.current?.focus(), [index]);

  // Follows the focused control outside the card (and where it moves as the page scrolls).
  useEffect(() => {
    const track = () => {
      const active = document.activeElement;
      const outside =
        active instanceof HTMLElement && active !== document.body && !cardRef.current?.contains(active);
      setFocused(
        outside
          ? { box: active.getBoundingClientRect(), cardHeight: cardRef.current?.offsetHeight ?? 220 }
          : null,
      );
    };
    document.addEventListener('focusin', track);
    window.addEventListener('scroll', track, true);
    window.addEventListener('resize', track);
    return () => {
      document.removeEventListener('focusin', track);
      window.removeEventListener('scroll', track, true);
      window.removeEventListener('resize', track);
    };
  }, []);

  const style = clearOfFocus(
    placement(rect, step.position),
    focused?.cardHeight ?? 220,
    focused?.box ?? null,
  );

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="tour-title"
      aria-describedby="tour-description"
      ref={cardRef}
      data-tour-step={step.id}
      style={{ position: 'fixed', zIndex: 45, ...style }}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-xl"
      onKeyDown={(event) => event.key === 'Escape' && onFinish()}
    >
      <div className="flex items-start justify-between gap-2">
        <h2
          id="tour-title"
          ref={titleRef}
          tabIndex={-1}
          className="font-semibold text-slate-900 focus:outline-none"
        >
          {t(step.title)}
        </h2>
        <button
          type="button"
          onClick={onFinish}
          aria-label={t('Close tour')}
          className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <CloseIcon className="h-4 w-4" />
        </button>
      </div>
      <p id="tour-description" className="mt-1 text-sm text-slate-600">
        {t(step.description)}
      </p>
      <p className="mt-3 text-xs text-slate-500">
        {t('Step {step} of {count}', { step: index + 1, count: TOUR_STEPS.length })}
      </p>
      <div className="mt-3 flex items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onFinish}>
          {t('Skip')}
        </Button>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setIndex(index - 1)} disabled={index === 0}>
            {t('Back')}
          </Button>
          <Button size="sm" onClick={() => (last ? onFinish() : setIndex(index + 1))}>
            {t(step.action)}
          </Button>
        </div>
      </div>
    </section>
  );
}
