import { createRecipeContext, type HTMLChakraProps } from '@chakra-ui/react';

const { withContext } = createRecipeContext({ key: 'stateView' });

export interface StateViewProps extends HTMLChakraProps<'div'> {
  /** `md` fills a screen's content area, `fullScreen` the viewport. @default 'md' */
  size?: 'md' | 'fullScreen';
}

/** The centred box of the loading and error states (the `stateView` recipe). */
export const StateView = withContext<HTMLDivElement, StateViewProps>('div');
