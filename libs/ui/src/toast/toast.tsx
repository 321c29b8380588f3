import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster, type SystemStyleObject } from '@chakra-ui/react';
import { TOAST_DEFAULT_DURATION_MS } from '@camposense/domain';
import { useTranslation } from '@camposense/i18n';
import { CircleAlert, CircleCheck, Info, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';

export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export interface ToastAction {
  /** The button's text. */
  label: string;
  onClick: () => void;
}

export interface ShowToastOptions {
  type: ToastType;
  title: string;
  message?: string;
  /**
   * Milliseconds before the toast closes by itself; `Infinity` keeps it until closed.
   * @default TOAST_DEFAULT_DURATION_MS (5000)
   */
  duration?: number;
  /** One button beside the text, e.g. retry. */
  action?: ToastAction;
}

/** One store for the whole console: any code may raise a toast, the single `<Toaster />` shows it. */
const toaster = createToaster({ placement: 'bottom-end', duration: TOAST_DEFAULT_DURATION_MS, max: 5 });

/** Set by holdToasts (story test runs): every toast stays until closed or dismissed. */
let held = false;

/** Raises a toast; every toast can be closed by hand. Returns its id. */
export function showToast({ type, title, message, duration = TOAST_DEFAULT_DURATION_MS, action }: ShowToastOptions): string {
  return toaster.create({ type, title, description: message, duration: held ? Number.POSITIVE_INFINITY : duration, action, closable: true });
}

/**
 * From now on no toast closes by itself (the story runs' set-up calls it; each story still starts
 * with none, dismissAllToasts). A story's screenshot is compared after its play: a toast's 5 s
 * timer, in real time while the story's clock is fixed, ran out before it on a loaded page (four
 * story pages on two cores: the Saved stories of contact-form and umbral-massive, photographed
 * without the toast their baselines show).
 */
export function holdToasts(): void {
  held = true;
}

/** Removes every toast at once (on sign-out, and between stories and tests). */
export function dismissAllToasts(): void {
  toaster.remove();
}

const indicators: Record<ToastType, LucideIcon> = {
  success: CircleCheck,
  error: CircleAlert,
  warning: TriangleAlert,
  info: Info,
};

function isToastType(value: unknown): value is ToastType {
  return typeof value === 'string' && (TOAST_TYPES as readonly string[]).includes(value);
}

// Chakra's toast recipe colours success, warning and error only; info gets the same treatment in blue.
const infoStyles: SystemStyleObject = {
  '&[data-type=info]': {
    bg: 'blue.solid',
    color: 'blue.contrast',
    '--toast-trigger-bg': '{white/10}',
    '--toast-border-color': '{white/40}',
  },
};

/**
 * Renders the toasts raised with `showToast`; mount it once, inside the i18n and UI providers.
 * Chakra's toaster itself mounts with the first toast raised (it then shows every toast already
 * raised): mounting it cost ~80 ms at 4× CPU on the console's first load, and its subscription to
 * the store made React draw whatever was pending at once, in the same task (issue 30, Lighthouse TBT).
 */
export function Toaster() {
  const [needed, setNeeded] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (needed) return undefined;
    // The store tells its subscribers of a new toast just before it keeps it, and of a dismissal.
    const unsubscribe = toaster.subscribe((toast) => {
      if (!('dismiss' in toast && toast.dismiss)) setNeeded(true);
    });
    // One raised between the first draw and this subscription.
    if (toaster.getCount() > 0) setNeeded(true);
    return unsubscribe;
  }, [needed]);
  return needed ? <ToasterView /> : null;
}

function ToasterView() {
  const { t } = useTranslation();
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => {
          const Indicator = isToastType(toast.type) ? indicators[toast.type] : Info;
          return (
            <Toast.Root width={{ md: 'sm' }} css={infoStyles}>
              <Indicator size={20} aria-hidden style={{ flexShrink: 0 }} />
              <Stack gap="1" flex="1" maxWidth="100%" minW="0">
                {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
                {toast.description ? (
                  <Toast.Description overflowWrap="anywhere" opacity={1}>{toast.description}</Toast.Description>
                ) : null}
              </Stack>
              {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
              {toast.closable ? <Toast.CloseTrigger aria-label={t('toast.close')} title={t('toast.close')} /> : null}
            </Toast.Root>
          );
        }}
      </ChakraToaster>
    </Portal>
  );
}
