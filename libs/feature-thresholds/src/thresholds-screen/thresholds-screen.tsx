import { useTranslation } from '@camposense/i18n';
import { SectionPlaceholder } from '@camposense/ui';
import { SlidersHorizontal } from 'lucide-react';

/** The thresholds tab (labelled configuration); its editor comes with the thresholds issue. */
export function ThresholdsScreen() {
  const { t } = useTranslation();
  return (
    <SectionPlaceholder
      icon={<SlidersHorizontal size={26} />}
      title={t('nav.umbralesHint')}
      description={t('devPlaceholder.title')}
      accent="section.thresholds"
    />
  );
}
