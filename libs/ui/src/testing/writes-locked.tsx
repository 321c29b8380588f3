import type { ComponentType } from 'react';
import { WriteLockProvider } from '../write-lock';

/** A story decorator: the console offline, so every button that writes is locked (issue 30). */
export function writesLocked(Story: ComponentType) {
  return (
    <WriteLockProvider offline>
      <Story />
    </WriteLockProvider>
  );
}

/** The reason a locked button gives, in either language (pwa.writesOffline). */
export const WRITES_LOCKED_REASON = /^(Sin conexión: no se pueden guardar cambios|Offline: changes cannot be saved)$/;
