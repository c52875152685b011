import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** docs/product.md#limits: the gallery moves on every 4 s. */
export const SLIDE_MS = 4000;

export interface Slide {
  key: string;
  kind: 'picture' | 'video' | 'obj' | 'other';
  /** The large picture or the file. */
  src: string;
  /** The small picture for the thumbnail strip (pictures only). */
  thumb: string | null;
  /** The picture's widths (`url 320w, url 800w, ...`): a phone takes a smaller one than a wide screen. */
  srcSet?: string;
}

/** How wide the hero is drawn: the page's width on a phone, about half of it beside the details on a wide screen. */
const HERO_SIZES = '(min-width: 900px) 50vw, 100vw';

const prefersReducedMotion = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The product page's hero and its strip of thumbnails (docs/product.md#screens-and-routes): it advances every 4 s,
 * with pause and play; choosing a thumbnail shows it and pauses. It starts paused for people who
 * ask for reduced motion, and waits while a video is playing (the next slide comes 4 s after the
 * video is paused or ends).
 */
export function ProductSlideshow({ slides, title }: { slides: Slide[]; title: string }) {
  const { t } = useTranslation('products');
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [videoPlaying, setVideoPlaying] = useState(false);
  const count = slides.length;
  const current = slides[Math.min(index, count - 1)];

  useEffect(() => {
    if (!playing || videoPlaying || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_MS);
    return () => clearInterval(timer);
  }, [playing, videoPlaying, count]);

  const show = (i: number) => {
    setIndex(i);
    // The video of the slide left behind is removed, and with it its playing.
    setVideoPlaying(false);
  };

  if (!current) {
    return (
      <div className="product-hero product-hero--empty" role="img" aria-label={t('page.noImage')}>
        {t('page.noImage')}
      </div>
    );
  }
  const alt = t('page.imageAlt', { title, n: index + 1, count });

  return (
    <section className="product-slideshow" aria-roledescription="carousel" aria-label={t('page.slideshow')}>
      <div className="product-hero" aria-live={playing ? 'off' : 'polite'}>
        {current.kind === 'picture' ? (
          // The first picture is what a buyer waits for: fetched before anything else the page shows.
          <img src={current.src} srcSet={current.srcSet} sizes={current.srcSet ? HERO_SIZES : undefined} alt={alt} fetchPriority={index === 0 ? 'high' : 'auto'} />
        ) : null}
        {current.kind === 'video' ? (
          <video
            key={current.key}
            src={current.src}
            controls
            preload="metadata"
            aria-label={alt}
            onPlay={() => setVideoPlaying(true)}
            onPause={() => setVideoPlaying(false)}
            onEnded={() => setVideoPlaying(false)}
          />
        ) : null}
        {current.kind === 'obj' || current.kind === 'other' ? (
          <a className="product-hero__file" href={current.src} download>
            {t('page.download', { kind: t(`gallery.itemTypes.${current.kind}`) })}
          </a>
        ) : null}
      </div>
      {count > 1 ? (
        // The label says what the button does (no aria-pressed: a toggle's name would have to stay the same).
        <button type="button" className="product-slideshow__toggle" aria-label={playing ? t('page.pause') : t('page.play')} onClick={() => setPlaying((p) => !p)}>
          <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            {playing ? <path d="M5 3h3.5v14H5zM11.5 3H15v14h-3.5z" /> : <path d="M6 3l11 7-11 7z" />}
          </svg>
        </button>
      ) : null}
      {count > 1 ? (
        <div className="product-slideshow__controls">
          <ul className="product-slideshow__thumbs">
            {slides.map((slide, i) => (
              <li key={slide.key}>
                <button
                  type="button"
                  className="product-slideshow__thumb"
                  aria-label={t('page.showImage', { n: i + 1, count })}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => {
                    show(i);
                    setPlaying(false);
                  }}
                >
                  {slide.thumb ? <img src={slide.thumb} alt="" loading="lazy" /> : <span>{t(`gallery.itemTypes.${slide.kind}`)}</span>}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
