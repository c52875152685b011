import { useCallback, useEffect, useRef, useState } from 'react';

const remaining = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * Seconds left until something may happen again (a code resend). `start(n)` restarts the count; the
 * value follows the wall clock, so a busy tab never makes the wait longer than the server's.
 */
export function useCountdown(initialSeconds = 0) {
  const deadline = useRef(Date.now() + initialSeconds * 1000);
  const [secondsLeft, setSecondsLeft] = useState(Math.max(0, initialSeconds));
  const running = secondsLeft > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setSecondsLeft(remaining(deadline.current)), 250);
    return () => clearInterval(timer);
  }, [running]);

  const start = useCallback((seconds: number) => {
    deadline.current = Date.now() + seconds * 1000;
    setSecondsLeft(Math.max(0, seconds));
  }, []);

  return { secondsLeft, start };
}
