import { defineRecipe } from '@chakra-ui/react';

/** The box of the loading and error states: centred in the content area, as tall as `size` says. */
export const stateViewRecipe = defineRecipe({
  className: 'state-view',
  base: { display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', w: 'full' },
  variants: {
    size: {
      /** A screen's content area. */
      md: { minH: '12rem' },
      /** The whole viewport (the session check). */
      fullScreen: { minH: '100vh', bg: 'surface.page' },
    },
  },
  defaultVariants: { size: 'md' },
});
