import { createRecipeContext, type HTMLChakraProps } from '@chakra-ui/react';

const { withContext } = createRecipeContext({ key: 'panel' });

export interface PanelProps extends HTMLChakraProps<'div'> {
  /** `outline` for a section of a screen, `dashed` for a screen still being built. @default 'outline' */
  variant?: 'outline' | 'dashed';
}

/**
 * The bordered card of the screens (the `panel` recipe): padding, border, radius and the card
 * surface in one place. With `asChild` it styles its child (`<Panel asChild><Stack …/></Panel>`).
 */
export const Panel = withContext<HTMLDivElement, PanelProps>('div');
