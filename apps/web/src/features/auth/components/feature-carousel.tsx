import { useId, useState } from 'react';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import PauseIcon from 'lucide-react/icons/pause';
import PlayIcon from 'lucide-react/icons/play';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { useRotatingIndex } from '../hooks/use-rotating-index';
import type { FeatureSlide } from './feature-slides';

type FeatureCarouselProps = { slides: FeatureSlide[]; intervalMs: number; label: string };

/**
 * Rotating feature slides. Rotation stops under reduced motion, while the pointer or focus is inside
 * (so nobody reads a moving target), and when the user presses Pause (WCAG 2.2.2).
 */
export function FeatureCarousel({ slides, intervalMs, label }: FeatureCarouselProps) {
  const reducedMotion = usePrefersReducedMotion();
  const [pausedByUser, setPausedByUser] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = !reducedMotion && !pausedByUser && !hovered && !focused;
  const [index, setIndex] = useRotatingIndex(slides.length, intervalMs, !rotating);
  const slideId = useId();
  const slide = slides[index] ?? slides[0];
  if (!slide) return null;

  return (
    <section
      aria-roledescription={t('carousel')}
      aria-label={label}
      className="flex flex-col gap-6"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* Announce slide changes only when the user causes them, not on every automatic turn. */}
      <div id={slideId} aria-live={rotating ? 'off' : 'polite'} className="min-h-40">
        <div
          role="group"
          aria-roledescription={t('slide')}
          aria-label={t('{position} of {count}', { position: index + 1, count: slides.length })}
        >
          <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-white/15">
            <slide.Icon className="h-6 w-6" />
          </span>
          <h2 className="mt-4 text-2xl font-semibold">{t(slide.title)}</h2>
          <p className="mt-2 max-w-md text-base text-brand-50">{t(slide.text, slide.params)}</p>
        </div>
      </div>
      <div className="flex items-center gap-3">
        {!reducedMotion ? (
          <button
            type="button"
            onClick={() => setPausedByUser((value) => !value)}
            aria-label={pausedByUser ? t('Play slides') : t('Pause slides')}
            className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {pausedByUser ? <PlayIcon className="h-4 w-4" /> : <PauseIcon className="h-4 w-4" />}
          </button>
        ) : null}
        <div className="flex gap-1">
          {slides.map((item, position) => (
            <button
              key={item.title}
              type="button"
              onClick={() => setIndex(position)}
              aria-controls={slideId}
              aria-label={t('Show slide {position}: {title}', {
                position: position + 1,
                title: t(item.title),
              })}
              aria-current={position === index ? 'true' : undefined}
              className="flex h-8 w-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
            >
              <span
                className={cn(
                  'block h-2 rounded-full transition-all',
                  position === index ? 'w-6 bg-white' : 'w-2 bg-white/50',
                )}
              />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
