let supported: boolean | null = null;

/**
 * Whether this browser can draw WebGL, asked once: phones without it, and Chromium without a GPU
 * where (since Chrome 137) WebGL no longer falls back to SwiftShader unless a flag says so, get
 * the map without it.
 */
export function supportsWebGL(): boolean {
  if (supported === null) {
    try {
      const canvas = document.createElement('canvas');
      supported = Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
    } catch {
      supported = false;
    }
  }
  return supported;
}
