import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductSlideshow, SLIDE_MS, type Slide } from '../components/product-slideshow';

const slides: Slide[] = [
  { key: 'a', kind: 'picture', src: '/a-lg.webp', thumb: '/a-sm.webp' },
  { key: 'v', kind: 'video', src: '/tour.mp4', thumb: null },
  { key: 'b', kind: 'picture', src: '/b-lg.webp', thumb: '/b-sm.webp' },
];

beforeEach(() => {
  // Only the test moves the clock, so the 4 s boundary is exact.
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const region = () => screen.getByRole('region', { name: 'Product images' });
const video = () => region().querySelector('video');
const heroPicture = () => within(region()).queryAllByRole('img')[0]?.getAttribute('src');
const tick = (ms = SLIDE_MS) => act(() => vi.advanceTimersByTime(ms));

describe('the product slideshow', () => {
  it('does not move on while a video plays, and moves on 4 s after it is paused or ends', () => {
    render(<ProductSlideshow slides={slides} title="Steel bottles" />);
    tick();
    expect(video()).toHaveAttribute('src', '/tour.mp4');
    fireEvent.play(video()!);
    tick(3 * SLIDE_MS);
    expect(video()).toHaveAttribute('src', '/tour.mp4');
    fireEvent.pause(video()!);
    tick(SLIDE_MS - 100);
    expect(video()).toBeInTheDocument();
    tick(100);
    expect(video()).toBeNull();
    expect(heroPicture()).toBe('/b-lg.webp');

    tick(2 * SLIDE_MS);
    fireEvent.play(video()!);
    tick(2 * SLIDE_MS);
    fireEvent.ended(video()!);
    tick();
    expect(heroPicture()).toBe('/b-lg.webp');
  });

  it('names the button by what it does, without aria-pressed', () => {
    render(<ProductSlideshow slides={slides} title="Steel bottles" />);
    const pause = screen.getByRole('button', { name: 'Pause slideshow' });
    expect(pause).not.toHaveAttribute('aria-pressed');
    fireEvent.click(pause);
    const play = screen.getByRole('button', { name: 'Play slideshow' });
    expect(play).not.toHaveAttribute('aria-pressed');
    tick(2 * SLIDE_MS);
    expect(heroPicture()).toBe('/a-lg.webp');
    fireEvent.click(play);
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
    tick();
    expect(video()).toHaveAttribute('src', '/tour.mp4');
  });

  it('a thumbnail chosen while a video plays shows that slide and keeps the slideshow paused', () => {
    render(<ProductSlideshow slides={slides} title="Steel bottles" />);
    tick();
    fireEvent.play(video()!);
    fireEvent.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(heroPicture()).toBe('/b-lg.webp');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    tick();
    expect(heroPicture()).toBe('/a-lg.webp');
  });
});
