import type { DetectResponse } from '@camposense/domain';
import { apiRequest } from '../client/api-client';

let cached: Promise<DetectResponse> | null = null;

/**
 * Whether the server offers the sense schema, asked once per page: a failed check counts as
 * unavailable (the spec falls back to empty lists) and is asked again on the next call.
 */
export function detectSense(): Promise<DetectResponse> {
  if (!cached) {
    cached = apiRequest<DetectResponse>('/sense/detect').catch((error: unknown) => {
      cached = null;
      return { available: false, error: error instanceof Error ? error.message : String(error) };
    });
  }
  return cached;
}

/** Tests and sign-out start from a clean slate. */
export function resetDetectCache(): void {
  cached = null;
}
