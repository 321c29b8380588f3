import { API_BASE } from './api-client';

/**
 * Starts a browser download of `path` by following a link: the file streams to the download
 * manager instead of being held in page memory (a 100,000-row export stays cheap).
 */
export function followDownloadLink(path: string): void {
  const link = document.createElement('a');
  link.href = `${API_BASE}${path}`;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

