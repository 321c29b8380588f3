import { defineSlotRecipe } from '@chakra-ui/react';

/** The sidebar's system status card: a title over figures, each a label and its value. */
export const statusCardSlotRecipe = defineSlotRecipe({
  className: 'status-card',
  slots: ['root', 'title', 'figures', 'figure', 'label', 'value'],
  base: {
    root: { borderWidth: '1px', borderRadius: 'md', p: '3', bg: 'surface.raised' },
    title: { fontSize: '2xs', fontWeight: 'bold', letterSpacing: 'widest', color: 'fg.muted', mb: '2' },
    figures: { display: 'flex', flexDirection: 'column', gap: '1.5' },
    figure: { display: 'flex', justifyContent: 'space-between', gap: '2', fontSize: 'xs' },
    label: { color: 'fg.muted' },
    value: { fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' },
  },
});
