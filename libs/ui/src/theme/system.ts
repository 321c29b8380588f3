import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { animationStyles, keyframes, recipes, slotRecipes } from '@chakra-ui/react/theme';
import { brandConfig } from './brand-config';
import { chakraThemeConfig } from './chakra-theme';

/**
 * The full system, every Chakra recipe and animation (the same as
 * `createSystem(defaultConfig, brandConfig)`), for the signed-in console and every story.
 */
export const system = createSystem(
  defaultBaseConfig,
  chakraThemeConfig({ recipes, slotRecipes, keyframes, animationStyles }),
  brandConfig,
);
