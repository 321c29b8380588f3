import { defineRecipe } from '@chakra-ui/react';

/**
 * The bordered card the screens are built of: `outline` holds a section of a screen (the node
 * list, the filter bar, a chart), `dashed` a screen that is not there yet (the placeholders).
 */
export const panelRecipe = defineRecipe({
  className: 'panel',
  base: { borderWidth: '1px', bg: 'surface.card' },
  variants: {
    variant: {
      outline: { p: '3', borderRadius: 'lg' },
      dashed: { p: '8', borderRadius: 'xl', borderStyle: 'dashed' },
    },
  },
  defaultVariants: { variant: 'outline' },
});
