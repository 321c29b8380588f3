import { IconButton, Stack } from '@chakra-ui/react';
import { useTranslation } from '@camposense/i18n';
import { Maximize2, Minus, Plus } from 'lucide-react';

export interface MapControlsProps {
  onZoomIn: () => void;
  onZoomOut: () => void;
  onReset: () => void;
}

/** Zoom in, zoom out and back to all the nodes: buttons, so the keyboard zooms too. */
export function MapControls({ onZoomIn, onZoomOut, onReset }: MapControlsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="1" position="absolute" top="2" right="2" zIndex="1">
      <IconButton size="xs" variant="surface" aria-label={t('nodeMap.zoomIn')} title={t('nodeMap.zoomIn')} onClick={onZoomIn}>
        <Plus aria-hidden />
      </IconButton>
      <IconButton size="xs" variant="surface" aria-label={t('nodeMap.zoomOut')} title={t('nodeMap.zoomOut')} onClick={onZoomOut}>
        <Minus aria-hidden />
      </IconButton>
      <IconButton size="xs" variant="surface" aria-label={t('nodeMap.resetView')} title={t('nodeMap.resetView')} onClick={onReset}>
        <Maximize2 aria-hidden />
      </IconButton>
    </Stack>
  );
}
