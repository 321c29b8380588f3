import { useEffect, useState } from 'react';

const SESSION_START_KEY = 'camposense.activeSince';

function activeSince(): number {
  try {
    const stored = Number(sessionStorage.getItem(SESSION_START_KEY));
    if (Number.isFinite(stored) && stored > 0) return stored;
    const now = Date.now();
    sessionStorage.setItem(SESSION_START_KEY, String(now));
    return now;
  } catch {
    return Date.now();
  }
}

export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;
}

/** How long this tab's session has been active, kept across reloads, ticking each minute. */
export function useActiveTime(): string {
  const [since] = useState(activeSince);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return formatDuration(now - since);
}
